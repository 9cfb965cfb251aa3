import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { fotoColumns, fotoExcel } from '../components/columns';

const COLUMNS = fotoColumns(true);

/** /backoffice/rekammedis/foto: every branch (top-level users)'s foto entries across patients, filters, server pages, Excel. */
export default function BackofficeFotoListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(true);
  const query = useQuery({
    ...trpc.medicalLists.foto.queryOptions(f.input),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <MedicalListView
      kind="foto"
      f={f}
      query={query}
      columns={COLUMNS}
      excel={fotoExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.foto.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
