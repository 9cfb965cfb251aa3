import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { fotoColumns, fotoExcel } from '../components/columns';

const COLUMNS = fotoColumns(false);

/** /rekammedis/foto: the branch's foto entries across patients, filters, server pages, Excel. */
export default function FotoListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(false);
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
