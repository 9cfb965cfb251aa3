import { formatDate, formatRupiah, type MemberDto, type MemberPackageDto } from '@klinik/shared';
import type { Column } from '../../../components/DataTable';
import type { ExcelColumn } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';

const RUPIAH_FMT = '#,##0.00';

/** The columns of the members list: 'Member' (/membership/member) and the Backoffice's (/backoffice/membership/member). */
export const MEMBER_COLUMNS: Column<MemberDto>[] = [
  { key: 'username', header: 'NO RM.', cell: (m) => m.username, className: 'whitespace-nowrap' },
  { key: 'name', header: 'Nama', cell: (m) => m.name },
  { key: 'phone', header: 'Telepon', cell: (m) => m.phone ?? '-', className: 'whitespace-nowrap' },
  {
    key: 'packages',
    header: 'Paket',
    cell: (m) => (
      <div className="flex flex-wrap gap-1">
        {m.packages.map((p) => (
          <Badge key={p.id} variant={p.status === 1 ? 'default' : 'secondary'} title={`${p.code} · ${p.statusname}`}>
            {p.paketname}
          </Badge>
        ))}
      </div>
    ),
  },
  { key: 'active', header: 'Aktif', cell: (m) => m.active_count, className: 'text-right' },
  {
    key: 'outstanding',
    header: 'Sisa Tagihan',
    cell: (m) => formatRupiah(m.outstanding_amount),
    className: 'text-right whitespace-nowrap',
    headerClassName: 'text-right',
  },
  { key: 'last', header: 'Registrasi Terakhir', cell: (m) => formatDate(m.last_registered_at) },
];

/** One Excel line per package, so the sheet can be filtered by package. */
export interface MemberLine {
  m: MemberDto;
  p: MemberPackageDto;
}
export const memberLines = (rows: MemberDto[]): MemberLine[] => rows.flatMap((m) => m.packages.map((p) => ({ m, p })));

export const MEMBER_EXPORT_COLUMNS: ExcelColumn<MemberLine>[] = [
  { header: 'NO RM.', value: (r) => r.m.username, width: 14 },
  { header: 'Nama', value: (r) => r.m.name, width: 28 },
  { header: 'Telepon', value: (r) => r.m.phone, width: 16 },
  { header: 'Kode Registrasi', value: (r) => r.p.code, width: 20 },
  { header: 'Paket', value: (r) => r.p.paketname, width: 28 },
  { header: 'Jenis', value: (r) => r.p.typename, width: 18 },
  { header: 'Tanggal', value: (r) => formatDate(r.p.registered_at), width: 16 },
  { header: 'Status', value: (r) => r.p.statusname, width: 10 },
  { header: 'Harga', value: (r) => r.p.price, width: 16, numFmt: RUPIAH_FMT },
  { header: 'Sisa Tagihan', value: (r) => r.p.outstanding_amount, width: 16, numFmt: RUPIAH_FMT },
];
