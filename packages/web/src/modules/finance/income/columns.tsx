import { formatDate, formatRupiah, type IncomeKind, type IncomeRowDto } from '@klinik/shared';
import type { Column } from '../../../components/DataTable';
import type { ExcelColumn } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { RUPIAH_FMT } from '../lib';

/** One column of an income report: on screen (DataTable), in the totals row and in the Excel file. */
interface IncomeColumn {
  key: keyof IncomeRowDto;
  header: string;
  kind?: 'money' | 'qty' | 'date' | 'text' | 'status';
  priority?: 2 | 3;
  primary?: boolean;
  width?: number;
}

const STATUS_LABEL: Record<string, string> = {
  dibayar: 'Dibayar',
  batal: 'Batal',
  belum_dibayar: 'Belum Dibayar',
  belum_lunas: 'Belum Lunas',
};

export const INCOME_COLUMNS: Record<IncomeKind, IncomeColumn[]> = {
  tindakanmedis: [
    { key: 'code', header: 'Kode', priority: 2, width: 12 },
    { key: 'name', header: 'Tindakan Medis', primary: true, width: 30 },
    { key: 'qty', header: 'Jumlah', kind: 'qty' },
    { key: 'covered_qty', header: 'Dari Paket', kind: 'qty', priority: 3 },
    { key: 'gross', header: 'Pendapatan Kotor', kind: 'money', priority: 2 },
    { key: 'discount', header: 'Diskon', kind: 'money', priority: 3 },
    { key: 'net', header: 'Pendapatan Bersih', kind: 'money' },
    { key: 'doctor_share', header: 'Jasa Dokter', kind: 'money', priority: 3 },
  ],
  service: [
    { key: 'name', header: 'Jenis Layanan', primary: true, width: 30 },
    { key: 'qty', header: 'Jumlah', kind: 'qty', priority: 2 },
    { key: 'covered_qty', header: 'Dari Paket', kind: 'qty', priority: 3 },
    { key: 'gross', header: 'Pendapatan Kotor', kind: 'money', priority: 2 },
    { key: 'discount', header: 'Diskon', kind: 'money', priority: 3 },
    { key: 'net', header: 'Pendapatan Bersih', kind: 'money' },
  ],
  treatment: [
    { key: 'date', header: 'Tanggal', kind: 'date' },
    { key: 'code', header: 'No. Nota', priority: 2, width: 24 },
    { key: 'patient', header: 'Pasien', primary: true, width: 26 },
    { key: 'doctor', header: 'Dokter', priority: 3, width: 22 },
    { key: 'status', header: 'Status', kind: 'status', priority: 2 },
    { key: 'gross', header: 'Pendapatan Kotor', kind: 'money', priority: 3 },
    { key: 'discount', header: 'Diskon', kind: 'money', priority: 3 },
    { key: 'net', header: 'Pendapatan Bersih', kind: 'money' },
  ],
  paket: [
    { key: 'code', header: 'Kode', priority: 3, width: 12 },
    { key: 'name', header: 'Paket', primary: true, width: 28 },
    { key: 'sold_count', header: 'Terjual', kind: 'qty' },
    { key: 'sold_value', header: 'Nilai Terjual', kind: 'money', priority: 2 },
    { key: 'collected', header: 'Cicilan Diterima', kind: 'money', priority: 2 },
    { key: 'slots_used', header: 'Slot Terpakai', kind: 'qty', priority: 3 },
    { key: 'slots_total', header: 'Total Slot', kind: 'qty', priority: 3 },
    { key: 'recognized', header: 'Pendapatan Diakui', kind: 'money', priority: 3 },
    { key: 'deferred', header: 'Pendapatan Ditangguhkan', kind: 'money' },
  ],
  pendingformlab: [
    { key: 'date', header: 'Tanggal', kind: 'date' },
    { key: 'patient', header: 'Pasien (Kunjungan)', primary: true, width: 30 },
    { key: 'name', header: 'Form Lab', width: 24 },
    { key: 'doctor', header: 'Dokter', priority: 3, width: 22 },
    { key: 'qty', header: 'Jumlah', kind: 'qty', priority: 2 },
    { key: 'status', header: 'Status', kind: 'status', priority: 2 },
    { key: 'amount', header: 'Nilai', kind: 'money' },
  ],
};

/** The Backoffice page's 'Cabang' column, after the date (treatment rows carry their branch). */
const BRANCH_COLUMN: IncomeColumn = { key: 'branch', header: 'Cabang', priority: 2, width: 24 };
function columnsOf(kind: IncomeKind, withBranch: boolean): IncomeColumn[] {
  const cols = INCOME_COLUMNS[kind];
  return withBranch ? [cols[0], BRANCH_COLUMN, ...cols.slice(1)] : cols;
}

function show(c: IncomeColumn, v: IncomeRowDto[keyof IncomeRowDto]) {
  if (v === undefined || v === null) return '';
  if (c.kind === 'money') return formatRupiah(Number(v));
  if (c.kind === 'date') return formatDate(String(v));
  if (c.kind === 'status')
    return <Badge variant={v === 'batal' ? 'destructive' : 'secondary'}>{STATUS_LABEL[String(v)] ?? String(v)}</Badge>;
  return String(v);
}

export function tableColumns(kind: IncomeKind, withBranch = false): Column<IncomeRowDto>[] {
  return columnsOf(kind, withBranch).map((c) => ({
    key: c.key,
    header: c.header,
    kind: c.kind === 'money' || c.kind === 'qty' ? 'number' : c.kind === 'date' ? 'date' : undefined,
    priority: c.priority,
    primary: c.primary,
    cell: (row: IncomeRowDto) => show(c, row[c.key]),
  }));
}

export function excelColumns(kind: IncomeKind, withBranch = false): ExcelColumn<IncomeRowDto>[] {
  return columnsOf(kind, withBranch).map((c) => ({
    header: c.header,
    value: (row: IncomeRowDto) => {
      const v = row[c.key];
      if (c.kind === 'status') return STATUS_LABEL[String(v)] ?? v;
      return v;
    },
    numFmt: c.kind === 'money' ? RUPIAH_FMT : undefined,
    width: c.width ?? (c.kind === 'money' ? 18 : undefined),
  }));
}
