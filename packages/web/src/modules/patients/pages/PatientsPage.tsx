import * as React from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { canFeature, MSG, type UserDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { exportToExcel } from '../../../components/export-excel';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { Button } from '../../../components/ui/button';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { NewPatientDialog } from '../components/NewPatientDialog';
import { PATIENT_EXPORT_COLUMNS, patientListFilters } from '../lib';
import { PATIENT_COLUMNS } from '../components/patient-columns';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { PatientFilterBar } from '../components/PatientFilterBar';

/** /service/customer 'Data Pasien': the current branch's patients (PASIEN read; others go home like a guard). */
export default function PatientsPage() {
  const me = useSession();
  if (!canFeature(me, 'PASIEN', 'read')) return <Navigate to="/" replace />;
  return <PatientList canManage={canFeature(me, 'PASIEN', 'manage')} />;
}

function PatientList({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState('any');
  const { page, size, cappedPagination, resetting } = usePaging();
  const [creating, setCreating] = React.useState(false);
  const [created, setCreated] = React.useState<UserDto | null>(null);
  const kw = useDebouncedValue(keyword);

  const filters = patientListFilters(kw, status);
  const query = useQuery({
    ...trpc.users.list.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const exportRows = async () => {
    const { rows } = await fetchAllPages((page, limit) => client.users.list.query({ ...filters, page, limit }));
    await exportToExcel<UserDto>('data-pasien', PATIENT_EXPORT_COLUMNS, rows, 'Data Pasien');
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-6xl gap-4">
      <PageHeader
        title="Data Pasien"
        description="Pasien cabang ini: cari, buka profil, atau daftarkan pasien baru."
        actions={
          <>
            <ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />
            {canManage ? (
              <Button onClick={() => setCreating(true)} data-testid="new-patient-button">
                <UserPlus /> Pasien Baru
              </Button>
            ) : null}
          </>
        }
      />
      <PatientFilterBar
        keyword={keyword}
        onKeyword={resetting(setKeyword)}
        status={status}
        onStatus={resetting(setStatus)}
      />
      <PagedQueryTable
        query={query}
        pagination={cappedPagination}
        columns={PATIENT_COLUMNS}

        onRowClick={(u) => void navigate(`/user/${u.id}`)}
        testId="patient-table"
      />
      {canManage ? (
        <NewPatientDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(u) => {
            void qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
            setCreated(u);
          }}
          onUseExisting={(p) => void navigate(`/user/${p.id}`)}
        />
      ) : null}
      {/* Issue 26 item 7: the new patient's NO RM., which the desk writes on the card. */}
      <SuccessDialog
        open={!!created}
        onClose={() => setCreated(null)}
        description={created ? `${MSG.actionSuccess}. ${created.name}: NO RM. ${created.username}` : undefined}
      />
    </div>
  );
}
