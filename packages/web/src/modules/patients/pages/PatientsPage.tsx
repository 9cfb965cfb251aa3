import * as React from 'react';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { MessageCircle, UserPlus } from 'lucide-react';
import { canFeature, MSG, waLink, type UserDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { exportToExcel } from '../../../components/export-excel';
import { ActiveStatusSelect } from '../../../components/ListFilters';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { NewPatientDialog } from '../components/NewPatientDialog';
import { ageLabel, genderLabel, PATIENT_EXPORT_COLUMNS, PATIENT_STATUS_LABELS, patientListFilters } from '../lib';

const EXPORT_PAGE = 500;

function StatusBadge({ status }: { status: number }) {
  return <Badge variant={status === 1 ? 'success' : 'warning'}>{PATIENT_STATUS_LABELS[status] ?? status}</Badge>;
}

/** The phone with a WhatsApp chat link; the link does not open the row's profile. */
function PhoneCell({ phone }: { phone: string | null }) {
  if (!phone) return <span className="text-muted-foreground">-</span>;
  const wa = waLink(phone);
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      {phone}
      {wa ? (
        <a
          href={wa}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 rounded-md bg-success px-1.5 py-0.5 text-xs font-medium text-success-foreground outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`Chat WhatsApp ${phone}`}
          data-testid="wa-link"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <MessageCircle className="size-3.5" aria-hidden /> WA
        </a>
      ) : null}
    </span>
  );
}

const hideSm = { className: 'hidden sm:table-cell', headerClassName: 'hidden sm:table-cell' };
const hideMd = { className: 'hidden md:table-cell', headerClassName: 'hidden md:table-cell' };
const hideLg = { className: 'hidden lg:table-cell', headerClassName: 'hidden lg:table-cell' };

const COLUMNS: Column<UserDto>[] = [
  {
    key: 'username',
    header: 'NO RM.',
    cell: (u) => <span className="font-mono text-xs whitespace-nowrap">{u.username}</span>,
    ...hideSm,
  },
  {
    key: 'name',
    header: 'Nama',
    cell: (u) => (
      <div className="flex min-w-0 items-center gap-2">
        <UserAvatar name={u.name} src={u.avatarurl} initial={u.initial} className="size-8" />
        <div className="min-w-0">
          <div className="truncate font-medium" data-testid="patient-name">
            {u.name}
          </div>
          {/* Phones: what the hidden columns would say. */}
          <div className="truncate text-xs text-muted-foreground sm:hidden">
            {u.username} · {[genderLabel(u), u.old !== null ? ageLabel(u.old) : ''].filter(Boolean).join(', ')}
          </div>
          <div className="mt-1 sm:hidden">
            <StatusBadge status={u.status} />
          </div>
        </div>
      </div>
    ),
  },
  { key: 'gender', header: 'Jenis Kelamin', cell: (u) => genderLabel(u) || '-', ...hideMd },
  { key: 'old', header: 'Umur', cell: (u) => ageLabel(u.old), ...hideMd },
  { key: 'phone', header: 'Telepon', cell: (u) => <PhoneCell phone={u.phone} />, ...hideSm },
  {
    key: 'city',
    header: 'Kota',
    cell: (u) =>
      u.city ? (
        <span className="line-clamp-2 min-w-28" title={u.city}>
          {u.city}
        </span>
      ) : (
        '-'
      ),
    ...hideLg,
  },
  { key: 'status', header: 'Status', cell: (u) => <StatusBadge status={u.status} />, ...hideSm },
];

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
  const { page, size, pagination, resetting } = usePaging();
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
    const rows: UserDto[] = [];
    for (let p = 1; ; p++) {
      const res = await client.users.list.query({ ...filters, page: p, limit: EXPORT_PAGE });
      rows.push(...res.data);
      if (rows.length >= res.count || res.data.length < EXPORT_PAGE) break;
    }
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
      <ListFilterBar
        keyword={keyword}
        onKeyword={resetting(setKeyword)}
        placeholder="Cari nama, NO RM., telepon atau NIK..."
        label="Cari pasien"
        testId="patient-search"
      >
        <ActiveStatusSelect value={status} onValueChange={resetting(setStatus)} triggerClassName="sm:w-44" />
      </ListFilterBar>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <div data-testid="patient-table">
        <DataTable
          columns={COLUMNS}
          rows={query.data?.data}
          rowKey={(u) => u.id}
          loading={query.isPending}
          onRowClick={(u) => void navigate(`/user/${u.id}`)}
          pagination={pagination(query.data?.count)}
        />
      </div>
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
