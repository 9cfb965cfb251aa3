import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { UserPlus } from 'lucide-react';
import {
  allows,
  MSG,
  VISIT_ACCESS,
  VISIT_KIND_LABEL,
  VISIT_KINDS,
  visitInput,
  type CustomerDto,
  type ErrorItem,
  type VisitInputParsed,
  type VisitKind,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { newIdempotencyKey } from '../../../lib/api';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PatientPicker } from '../../../components/PatientPicker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';

interface Values {
  customer: number | undefined;
  doctor: number | undefined;
  kind: VisitKind;
  complaint: string;
  reservation: number | undefined;
  paket_membership: number | undefined;
  needs_multimedia: boolean;
}

const EMPTY: Values = {
  customer: undefined,
  doctor: undefined,
  kind: 'konsultasi',
  complaint: '',
  reservation: undefined,
  paket_membership: undefined,
  needs_multimedia: false,
};

type Person = Pick<CustomerDto, 'id' | 'name' | 'username'>;

/**
 * 'Registrasi Visit' (spec 6: manager and admin): check in one of today's reservations or register a walk-in.
 * The server gives the visit its code and queue number; an Idempotency-Key per opened dialog keeps a double
 * click to one visit.
 */
export function RegisterVisitDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = React.useState<'walkin' | 'reservasi'>('walkin');
  const [patient, setPatient] = React.useState<Person | null>(null);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState('');
  const form = useForm<Values, unknown, VisitInputParsed>({
    resolver: zodResolver(visitInput) as never,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, watch, setValue, formState, register: field } = form;
  const errors = formState.errors;
  const kind = watch('kind');
  const customer = watch('customer');
  const reservationId = watch('reservation');

  const doctors = useQuery({ ...trpc.visits.doctors.queryOptions(), enabled: open });
  const reservations = useQuery({ ...trpc.visits.reservations.queryOptions(), enabled: open && mode === 'reservasi' });
  const pakets = useQuery({
    ...trpc.visits.pakets.queryOptions({ customer: customer ?? 0 }),
    enabled: open && kind === 'paket' && !!customer,
  });
  const create = useMutation({ ...trpc.visits.register.mutationOptions(), meta: { inlineErrors: true } });

  React.useEffect(() => {
    if (open) {
      reset(EMPTY);
      setPatient(null);
      setServerErrors([]);
      setMode('walkin');
      setKey(newIdempotencyKey());
    }
  }, [open, reset]);

  const pickReservation = (id: string) => {
    const r = reservations.data?.find((x) => String(x.id) === id);
    setValue('reservation', r?.id, { shouldValidate: false });
    setValue('customer', r?.customer.id, { shouldValidate: true });
    setValue('doctor', r?.doctor.id, { shouldValidate: true });
    setPatient(r ? r.customer : null);
  };

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      const v = await create.mutateAsync({ ...data, idempotency_key: key });
      toast.success(`${MSG.actionSuccess}: ${v.code}, No. Antrian ${v.queue_number}`, { duration: TOAST_MS * 2 });
      await queryClient.invalidateQueries(trpc.visits.pathFilter());
      onOpenChange(false);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-xl" data-testid="register-visit-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Registrasi Visit</DialogTitle>
            <DialogDescription>Pasien datang tanpa janji atau check-in reservasi hari ini.</DialogDescription>
          </DialogHeader>
          <Tabs
            value={mode}
            onValueChange={(m) => {
              setMode(m as typeof mode);
              reset({ ...EMPTY, kind: form.getValues('kind') });
              setPatient(null);
            }}
          >
            <TabsList>
              <TabsTrigger value="walkin">Datang Langsung</TabsTrigger>
              <TabsTrigger value="reservasi">Check-in Reservasi</TabsTrigger>
            </TabsList>
          </Tabs>
          {mode === 'reservasi' ? (
            <FormField label="Reservasi Hari Ini" htmlFor="visit-reservation" error={errors.reservation} required>
              {reservations.data && reservations.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">Tidak ada reservasi hari ini yang belum datang.</p>
              ) : (
                <OptionSelect
                  id="visit-reservation"
                  value={reservationId ? String(reservationId) : ''}
                  onValueChange={pickReservation}
                  options={(reservations.data ?? []).map(
                    (r) => [String(r.id), `${r.time} · ${r.customer.name} · ${r.doctor.name} (${r.code})`] as const,
                  )}
                />
              )}
            </FormField>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Pasien" htmlFor="visit-customer" error={errors.customer} required>
                <PatientPicker
                  id="visit-customer"
                  value={patient}
                  onChange={(p) => {
                    setPatient(p);
                    setValue('customer', p?.id, { shouldValidate: true });
                    setValue('paket_membership', undefined);
                  }}
                  invalid={!!errors.customer}
                />
              </FormField>
              <FormField label="Dokter" htmlFor="visit-doctor" error={errors.doctor} required>
                <Controller
                  control={control}
                  name="doctor"
                  render={({ field: f }) => (
                    <OptionSelect
                      id="visit-doctor"
                      value={f.value ? String(f.value) : ''}
                      onValueChange={(v) => f.onChange(Number(v))}
                      options={(doctors.data ?? []).map((d) => [String(d.id), d.name] as const)}
                    />
                  )}
                />
              </FormField>
            </div>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Jenis Kunjungan" htmlFor="visit-kind" error={errors.kind} required>
              <Controller
                control={control}
                name="kind"
                render={({ field: f }) => (
                  <OptionSelect
                    id="visit-kind"
                    value={f.value}
                    onValueChange={(v) => {
                      f.onChange(v);
                      if (v !== 'paket') setValue('paket_membership', undefined);
                    }}
                    options={VISIT_KINDS.map((k) => [k, VISIT_KIND_LABEL[k]] as const)}
                  />
                )}
              />
            </FormField>
            {kind === 'paket' ? (
              <FormField label="Paket Pasien" htmlFor="visit-paket" error={errors.paket_membership} required>
                {customer && pakets.data && pakets.data.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Pasien tidak punya paket aktif dengan sisa slot.</p>
                ) : (
                  <Controller
                    control={control}
                    name="paket_membership"
                    render={({ field: f }) => (
                      <OptionSelect
                        id="visit-paket"
                        value={f.value ? String(f.value) : ''}
                        onValueChange={(v) => f.onChange(Number(v))}
                        options={(pakets.data ?? []).map(
                          (p) => [String(p.id), `${p.name} (${p.code}) · sisa ${p.left_slot}`] as const,
                        )}
                      />
                    )}
                  />
                )}
              </FormField>
            ) : null}
          </div>
          <FormField label="Keluhan" htmlFor="visit-complaint" error={errors.complaint}>
            <Textarea id="visit-complaint" rows={3} {...field('complaint')} />
          </FormField>
          <Controller
            control={control}
            name="needs_multimedia"
            render={({ field: f }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="visit-needs-multimedia"
                  checked={f.value}
                  onCheckedChange={(c) => f.onChange(c === true)}
                />
                <Label htmlFor="visit-needs-multimedia">Butuh foto (masuk Antrian Multimedia)</Label>
              </div>
            )}
          />
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={create.isPending} onCancel={() => onOpenChange(false)} submitTestId="visit-submit" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The 'Registrasi Visit' button with its dialog, shown to manager and admin only (spec 6). */
export function RegisterVisitButton() {
  const user = useSession();
  const [open, setOpen] = React.useState(false);
  if (!allows(user, VISIT_ACCESS.register)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="register-visit">
        <UserPlus />
        Registrasi Visit
      </Button>
      <RegisterVisitDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
