import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { produkColumns, produkExcel } from '../components/columns';

const COLUMNS = produkColumns(false);
const ALL_BRANCH_COLUMNS = produkColumns(true);

/**
 * /rekammedis/produk: the branch's produk entries across patients, filters, server pages, Excel; with `backoffice`
 * (/backoffice/rekammedis/produk) every branch's, for top-level users.
 */
export default function ProdukListPage({ backoffice = false }: { backoffice?: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(backoffice);
  const query = useQuery({
    ...trpc.medicalLists.produk.queryOptions(f.input),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <MedicalListView
      kind="produk"
      f={f}
      query={query}
      columns={backoffice ? ALL_BRANCH_COLUMNS : COLUMNS}
      excel={produkExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.produk.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
