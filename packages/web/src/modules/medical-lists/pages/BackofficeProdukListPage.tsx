import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { produkColumns, produkExcel } from '../components/columns';

const COLUMNS = produkColumns(true);

/** /backoffice/rekammedis/produk: every branch (top-level users)'s produk entries across patients, filters, server pages, Excel. */
export default function BackofficeProdukListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(true);
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
      columns={COLUMNS}
      excel={produkExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.produk.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
