import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { OptionSelect } from '../../../components/OptionSelect';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { exportToExcel } from '../../../components/export-excel';
import { KUNJUNGAN_COLUMNS, KUNJUNGAN_EXPORT_COLUMNS } from '../components/kunjungan-columns';
import { RegisterVisitButton } from '../components/RegisterVisitDialog';
import { useVisitLive, VISIT_POLL_MS } from '../components/useVisitLive';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { FormField } from '../../../components/ui/form';
import { KunjunganFilters, useKunjunganFilters } from '../components/KunjunganFilters';

/** /service/kunjungan 'Kunjungan': the branch's visit history with filters, server pages and Excel. */
export default function KunjunganPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const live = useVisitLive();
  const { page, size, cappedPagination, resetting } = usePaging();
  const kunjungan = useKunjunganFilters(resetting);
  const [doctor, setDoctor] = React.useState('');
  const filters = { ...kunjungan.filters, doctor: doctor ? Number(doctor) : undefined };
  const doctors = useQuery({ ...trpc.visits.doctors.queryOptions(), staleTime: 60_000 });
  const query = useQuery({
    ...trpc.visits.history.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : VISIT_POLL_MS * 10,
    meta: { inlineErrors: true },
  });

  const exportAll = async () => {
    const { rows } = await fetchAllPages((page, limit) => client.visits.history.query({ ...filters, page, limit }));
    await exportToExcel(`kunjungan-${kunjungan.period}`, KUNJUNGAN_EXPORT_COLUMNS, rows, 'Kunjungan');
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Kunjungan"
        actions={
          <>
            <ExportExcelButton onExport={exportAll} disabled={!query.data?.count} />
            <RegisterVisitButton />
          </>
        }
      />
      <KunjunganFilters
        idPrefix="kj"
        {...kunjungan.props}
        doctorFilter={
          <FormField label="Dokter" htmlFor="kj-doctor">
            <OptionSelect
              id="kj-doctor"
              value={doctor || 'all'}
              onValueChange={(v) => resetting(setDoctor)(v === 'all' ? '' : v)}
              options={[['all', 'Semua dokter'], ...(doctors.data ?? []).map((d) => [String(d.id), d.name] as const)]}
            />
          </FormField>
        }
      />
      <PagedQueryTable query={query} pagination={cappedPagination} columns={KUNJUNGAN_COLUMNS} />
    </div>
  );
}
