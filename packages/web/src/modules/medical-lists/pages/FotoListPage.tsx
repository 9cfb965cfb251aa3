import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { fotoColumns, fotoExcel } from '../components/columns';

const COLUMNS = fotoColumns(false);
const ALL_BRANCH_COLUMNS = fotoColumns(true);

/**
 * /rekammedis/foto: the branch's foto entries across patients, filters, server pages, Excel; with `backoffice`
 * (/backoffice/rekammedis/foto) every branch's, for top-level users.
 */
export default function FotoListPage({ backoffice = false }: { backoffice?: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(backoffice);
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
      columns={backoffice ? ALL_BRANCH_COLUMNS : COLUMNS}
      excel={fotoExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.foto.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
