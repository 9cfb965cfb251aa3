import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { treatmentColumns, treatmentExcel } from '../components/columns';

const COLUMNS = treatmentColumns(false);

/** /rekammedis/treatment: the branch's treatment entries across patients, filters, server pages, Excel. */
export default function TreatmentListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(false);
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
      columns={COLUMNS}
      excel={treatmentExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.treatment.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
