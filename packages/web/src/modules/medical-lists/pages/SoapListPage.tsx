import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { MedicalListView, useMedicalListFilters } from '../components/MedicalListView';
import { soapColumns, soapExcel } from '../components/columns';

const COLUMNS = soapColumns(false);

/** /rekammedis/soap: the branch's soap entries across patients, filters, server pages, Excel. */
export default function SoapListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const f = useMedicalListFilters(false);
  const query = useQuery({
    ...trpc.medicalLists.soap.queryOptions(f.input),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <MedicalListView
      kind="soap"
      f={f}
      query={query}
      columns={COLUMNS}
      excel={soapExcel}
      rowKey={(r) => r.id}
      fetchPage={(page) => client.medicalLists.soap.query({ ...f.filters, page, limit: 500, export: 1 })}
    />
  );
}
