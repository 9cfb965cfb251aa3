import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, PRICE_KIND_LABEL, type PriceListEntryDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { usePaging } from '../../../lib/use-paging';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const COLUMNS: Column<PriceListEntryDto>[] = [
  { key: 'kind', header: 'Jenis', cell: (r) => PRICE_KIND_LABEL[r.kind], priority: 3 },
  { key: 'code', header: 'Kode', cell: (r) => r.code, className: 'whitespace-nowrap', priority: 2 },
  { key: 'name', header: 'Nama', cell: (r) => r.name ?? '-', primary: true },
  {
    key: 'scope',
    header: 'Berlaku untuk',
    cell: (r) => (r.profile_id === null ? 'Semua cabang' : <Badge>Cabang ini</Badge>),
  },
  { key: 'effective_at', header: 'Mulai', cell: (r) => formatDate(r.effective_at), kind: 'date' },
  { key: 'price', header: 'Harga', cell: (r) => formatRupiah(r.price), kind: 'number' },
  { key: 'status', header: 'Status', cell: (r) => r.statusname, priority: 2 },
];

/**
 * The branch's part of the chain's price list under 'Daftar Harga': the base prices and this branch's own prices,
 * approved or waiting, newest date first (a scheduled change shows before its date). Read only: prices are set at
 * the head office (/backoffice/pricelist).
 */
export function BranchPriceEntries() {
  const trpc = useTRPC();
  const { page, size, pagination } = usePaging();
  const query = useQuery({
    ...trpc.pricelist.branchList.queryOptions({ page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <Card className="print:hidden" data-testid="pricelist-entries">
      <CardHeader>
        <CardTitle>Daftar harga kantor pusat</CardTitle>
        <CardDescription>
          Harga dasar dan harga khusus cabang ini menurut tanggal berlakunya, termasuk perubahan yang terjadwal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <PagedQueryTable query={query} pagination={pagination} columns={COLUMNS} />
      </CardContent>
    </Card>
  );
}
