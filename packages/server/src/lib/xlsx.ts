import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** One-sheet workbook with a bold header row (Excel exports of lists). */
export async function buildXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Klinik';
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r)));
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out);
}

export function sendXlsx(reply: FastifyReply, filename: string, buf: Buffer): FastifyReply {
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .send(buf);
}
