import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDate, formatRupiah, type MemberDto } from '@klinik/shared';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { usePaging } from '../../../lib/use-paging';
import { Badge } from '../../../components/ui/badge';
import { ErrorList } from '../../../components/ui/error-list';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const RUPIAH_FMT = '#,##0.00';
const EXPORT_PAGE = 500;

const COLUMNS: Column<MemberDto>[] = [
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

/** /membership/member 'Member': patients holding packages, with their packages; search, filter, Excel. */
export default function MemberPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const today = useBranchToday();
  const [keyword, setKeyword] = React.useState('');
  const [active, setActive] = React.useState('all');
  const { page, size, pagination, resetting } = usePaging();
  const kw = useDebouncedValue(keyword.trim());
  const filters = { keyword: kw || undefined, active: active === '1' ? 1 : undefined };
  const query = useQuery({
    ...trpc.desk.members.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const exportRows = async () => {
    const rows: MemberDto[] = [];
    for (let p = 1; ; p++) {
      const res = await client.desk.members.query({ ...filters, page: p, limit: EXPORT_PAGE });
      rows.push(...res.data);
      if (rows.length >= res.count || res.data.length < EXPORT_PAGE) break;
    }
    // One line per package, so the sheet can be filtered by package.
    const lines = rows.flatMap((m) => m.packages.map((p) => ({ m, p })));
    await exportToExcel(
      `member-${today}`,
      [
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
      ],
      lines,
      'Member',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Member"
        description="Pasien yang memiliki paket beserta paketnya."
        actions={<ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />}
      />
      <ListFilterBar
        keyword={keyword}
        onKeyword={resetting(setKeyword)}
        placeholder="Cari nama, NO RM., telepon atau kode registrasi..."
        label="Cari member"
        testId="member-search"
      >
        <Select value={active} onValueChange={resetting(setActive)}>
          <SelectTrigger className="sm:w-52" aria-label="Status paket">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Semua member</SelectItem>
            <SelectItem value="1">Dengan paket aktif</SelectItem>
          </SelectContent>
        </Select>
      </ListFilterBar>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <div data-testid="member-table">
        <DataTable
          columns={COLUMNS}
          rows={query.data?.data}
          rowKey={(m) => m.id}
          loading={query.isPending}
          onRowClick={(m) => void navigate(`/customer/${m.id}`)}
          pagination={pagination(query.data?.count)}
        />
      </div>
    </div>
  );
}
