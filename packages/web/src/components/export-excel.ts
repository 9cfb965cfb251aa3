export interface ExcelColumn<T> {
  header: string;
  /** A key of the row, or a function giving the cell value. */
  value: keyof T | ((row: T) => string | number | Date | null | undefined);
  width?: number;
  /** Excel number format, e.g. '#,##0.00' for money. */
  numFmt?: string;
}

/** Writes rows to an .xlsx file and downloads it. exceljs is loaded only when a user exports. */
export async function exportToExcel<T>(
  filename: string,
  columns: ExcelColumn<T>[],
  rows: T[],
  sheetName = 'Data',
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Klinik';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    columns.forEach((c, i) => {
      record[String(i)] = typeof c.value === 'function' ? c.value(row) : row[c.value];
    });
    ws.addRow(record);
  }
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
