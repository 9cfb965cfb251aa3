import * as React from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type UserDto } from '@klinik/shared';
import { api, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { PatientPicker } from '../../../components/PatientPicker';
import { EmptyState } from '../../../components/EmptyState';
import { Label } from '../../../components/ui/label';
import { PatientPackages } from '../components/MembershipCard';

/** /service/paket 'Paket Pasien': pick a patient (or arrive with ?customer=) and see every package they hold. */
export default function PaketPasienPage() {
  const today = useBranchToday();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('customer'));
  const [patient, setPatient] = React.useState<UserDto | null>(null);
  const customerId = patient?.id ?? (Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null);
  const trpc = useTRPC();
  // Arriving with ?customer= (from the patient's page): the picker shows who it is.
  const linked = useQuery({
    ...trpc.users.get.queryOptions({ id: customerId ?? 0 }),
    enabled: !patient && customerId !== null,
  });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Paket Pasien" description="Paket yang dimiliki pasien: sisa slot, masa berlaku dan cicilan." />
      <div className="grid gap-1.5 sm:max-w-md">
        <Label htmlFor="paket-patient">Pasien</Label>
        <PatientPicker<UserDto>
          id="paket-patient"
          cacheKey="paket-pasien"
          search={async (text, signal) =>
            (await api.get<{ data: UserDto[] }>('/api/users', { query: { role: 1, keyword: text, limit: 20 }, signal }))
              .data
          }
          value={patient ?? (linked.data && linked.data.id === customerId ? linked.data : null)}
          onChange={(u) => {
            setPatient(u);
            setParams(u ? { customer: String(u.id) } : {}, { replace: true });
          }}
        />
      </div>
      {customerId ? (
        <PatientPackages customerId={customerId} today={today} />
      ) : (
        <EmptyState title="Pilih pasien" description="Cari pasien untuk melihat paketnya." />
      )}
    </div>
  );
}
