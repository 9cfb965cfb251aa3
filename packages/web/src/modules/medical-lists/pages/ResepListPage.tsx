import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { resepColumns, resepExcel } from '../components/columns';

const COLUMNS = resepColumns(false);

/** /rekammedis/resep: the branch's resep entries across patients, filters, server pages, Excel. */
export default function ResepListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(false);
  const query = useQuery({
    ...trpc.medicalLists.resep.queryOptions(f.input),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <MedicalListView
      kind="resep"
      f={f}
      query={query}
      columns={COLUMNS}
      excel={resepExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.resep.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
