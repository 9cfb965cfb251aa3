import { MessageCircle } from 'lucide-react';
import { waLink, type UserDto } from '@klinik/shared';
import type { Column } from '../../../components/DataTable';
import { Badge } from '../../../components/ui/badge';
import { ageLabel, genderLabel, PATIENT_STATUS_LABELS } from '../lib';
import { UserNameCell } from '../../../components/UserNameCell';

/** The columns of a patient list: 'Data Pasien' (/service/customer) and the Backoffice's (/backoffice/pasien). */
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

export const PATIENT_COLUMNS: Column<UserDto>[] = [
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
      <UserNameCell user={u} nameTestId="patient-name">
        {/* Phones: what the hidden columns would say. */}
        <div className="truncate text-xs text-muted-foreground sm:hidden">
          {u.username} · {[genderLabel(u), u.old !== null ? ageLabel(u.old) : ''].filter(Boolean).join(', ')}
        </div>
        <div className="mt-1 sm:hidden">
          <StatusBadge status={u.status} />
        </div>
      </UserNameCell>
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
