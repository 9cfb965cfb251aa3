import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import {
  formatRupiah,
  PRICE_SOURCE_LABEL,
  PRICELIST_KIND_LABEL,
  PRICELIST_KINDS,
  type PricelistKind,
  type PricelistRowDto,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BranchPriceEntries } from '../components/BranchPriceEntries';

const RUPIAH_FMT = '#,##0.00';

const COLUMNS: Column<PricelistRowDto>[] = [
  { key: 'kind', header: 'Jenis', cell: (r) => <Badge variant="secondary">{PRICELIST_KIND_LABEL[r.kind]}</Badge> },
  { key: 'code', header: 'Kode', cell: (r) => r.code, className: 'whitespace-nowrap' },
  { key: 'name', header: 'Nama', cell: (r) => r.name },
  { key: 'detail', header: 'Keterangan', cell: (r) => r.detail ?? '-', priority: 3 },
  {
    key: 'source',
    header: 'Sumber',
    cell: (r) =>
      r.kind === 'tindakan' || r.kind === 'item' ? (
        <Badge variant={r.source === 'override' ? 'default' : 'outline'}>{PRICE_SOURCE_LABEL[r.source]}</Badge>
      ) : (
        '-'
      ),
    priority: 2,
  },
  {
    key: 'price',
    header: 'Harga',
    cell: (r) => formatRupiah(r.price),
    className: 'text-right whitespace-nowrap',
    headerClassName: 'text-right',
  },
];

/** Only the printable part of the page is printed (the layout's menus and the filters are not). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #pricelist-print, #pricelist-print * { visibility: visible; }
  #pricelist-print { position: absolute; inset: 0 auto auto 0; width: 100%; }
  @page { margin: 12mm; }
}`;

/** /service/pricelist 'Daftar Harga': treatments, items, lab forms and packages on sale today; search, print, Excel. */
export default function PricelistPage() {
  const trpc = useTRPC();
  const me = useSession();
  const today = useBranchToday();
  const [keyword, setKeyword] = React.useState('');
  const [kind, setKind] = React.useState<'all' | PricelistKind>('all');
  const kw = useDebouncedValue(keyword.trim());
  const query = useQuery({
    ...trpc.desk.pricelist.queryOptions({ keyword: kw || undefined, kind: kind === 'all' ? undefined : kind }),
    meta: { inlineErrors: true },
  });
  const rows = query.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title="Daftar Harga"
        description="Harga perawatan, item, form lab dan paket yang berlaku hari ini di cabang ini. Harga perawatan dan item mengikuti daftar harga kantor pusat (harga dasar, atau harga cabang ini bila ada)."
        actions={
          <>
            <ExportExcelButton
              disabled={rows.length === 0}
              onExport={() =>
                exportToExcel<PricelistRowDto>(
                  `daftar-harga-${today}`,
                  [
                    { header: 'Jenis', value: (r) => PRICELIST_KIND_LABEL[r.kind], width: 12 },
                    { header: 'Kode', value: 'code', width: 14 },
                    { header: 'Nama', value: 'name', width: 36 },
                    { header: 'Keterangan', value: (r) => r.detail ?? '', width: 22 },
                    { header: 'Harga', value: 'price', width: 18, numFmt: RUPIAH_FMT },
                  ],
                  rows,
                  'Daftar Harga',
                )
              }
            />
            <Button variant="outline" onClick={() => window.print()} disabled={rows.length === 0}>
              <Printer /> Cetak
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          wrapperClassName="flex-1"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="Cari nama atau kode..."
          aria-label="Cari harga"
          data-testid="pricelist-search"
        />
        <Select value={kind} onValueChange={(v) => setKind(v as typeof kind)}>
          <SelectTrigger className="sm:w-44" aria-label="Jenis">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Semua jenis</SelectItem>
            {PRICELIST_KINDS.map((k) => (
              <SelectItem key={k} value={k}>
                {PRICELIST_KIND_LABEL[k]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <div data-testid="pricelist-table" className="print:hidden">
        <DataTable columns={COLUMNS} rows={query.data} rowKey={(r) => `${r.kind}-${r.id}`} loading={query.isPending} />
      </div>
      <BranchPriceEntries />
      <div id="pricelist-print" className="hidden print:block">
        <h1 className="mb-1 text-lg font-semibold">Daftar Harga · {me.profile.name}</h1>
        <p className="mb-3 text-xs">Berlaku {today}</p>
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr className="border-b">
              <th className="py-1 text-left">Jenis</th>
              <th className="py-1 text-left">Kode</th>
              <th className="py-1 text-left">Nama</th>
              <th className="py-1 text-left">Keterangan</th>
              <th className="py-1 text-right">Harga</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.kind}-${r.id}`} className="border-b">
                <td className="py-0.5">{PRICELIST_KIND_LABEL[r.kind]}</td>
                <td className="py-0.5">{r.code}</td>
                <td className="py-0.5">{r.name}</td>
                <td className="py-0.5">{r.detail ?? ''}</td>
                <td className="py-0.5 text-right">{formatRupiah(r.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
