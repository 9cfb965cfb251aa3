import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { treatmentColumns, treatmentExcel } from '../components/columns';

const COLUMNS = treatmentColumns(false);
const ALL_BRANCH_COLUMNS = treatmentColumns(true);

/**
 * /rekammedis/treatment: the branch's treatment entries across patients, filters, server pages, Excel; with `backoffice`
 * (/backoffice/rekammedis/treatment) every branch's, for top-level users.
 */
export default function TreatmentListPage({ backoffice = false }: { backoffice?: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(backoffice);
  const query = useQuery({
    ...trpc.medicalLists.treatment.queryOptions(f.input),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <MedicalListView
      kind="treatment"
      f={f}
      query={query}
      columns={backoffice ? ALL_BRANCH_COLUMNS : COLUMNS}
      excel={treatmentExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.treatment.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
