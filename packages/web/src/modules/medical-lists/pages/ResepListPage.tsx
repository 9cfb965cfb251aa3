import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { resepColumns, resepExcel } from '../components/columns';

const COLUMNS = resepColumns(false);
const ALL_BRANCH_COLUMNS = resepColumns(true);

/**
 * /rekammedis/resep: the branch's resep entries across patients, filters, server pages, Excel; with `backoffice`
 * (/backoffice/rekammedis/resep) every branch's, for top-level users.
 */
export default function ResepListPage({ backoffice = false }: { backoffice?: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(backoffice);
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
      columns={backoffice ? ALL_BRANCH_COLUMNS : COLUMNS}
      excel={resepExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.resep.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
