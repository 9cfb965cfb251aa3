import * as React from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, Download, Eye, LoaderCircle, Search } from 'lucide-react';
import {
  agreementPath,
  formatRupiah,
  MSG,
  type ErrorItem,
  type PaketHistoryDto,
  type PaketItemDto,
  type UserDto,
} from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { api, errorItems, useTRPC } from '../../../lib/trpc';
import { cn } from '../../../lib/utils';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Combobox } from '../../../components/ui/combobox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { newIdempotencyKey, registerMembership } from '../api';
import { compactPatientPayload, EMPTY_PATIENT } from '../../patients/lib';
import { PatientFields, usePatientForm } from '../../patients/components/PatientFields';

/** The four steps of spec 2.5, in order. */
export const WIZARD_STEPS = ['Informasi Member', 'Pilih Paket', 'Pilih Dokter', 'Persetujuan'] as const;

type PatientKind = 'lama' | 'baru';
async function searchUsers(role: 1 | 2, keyword: string, signal: AbortSignal): Promise<UserDto[]> {
  const res = await api.get<{ data: UserDto[] }>('/api/users', {
    query: { role, status: 1, keyword, limit: 20 },
    signal,
  });
  return res.data;
}

function PersonCard({ user, label }: { user: UserDto; label?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3" data-testid="member-info">
      <div
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        aria-hidden
      >
        {user.initial || user.name.slice(0, 1).toUpperCase()}
      </div>
      <div className="min-w-0">
        {label ? <p className="text-xs text-muted-foreground">{label}</p> : null}
        <p className="truncate font-semibold">{user.name}</p>
        {user.role === 1 ? (
          <p className="text-sm text-muted-foreground">
            NO RM. <span className="font-mono text-foreground">{user.username}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Stepper({ step }: { step: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Langkah">
      {WIZARD_STEPS.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === step ? 'step' : undefined}>
          <span
            className={cn(
              'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
              i < step && 'border-primary bg-primary text-primary-foreground',
              i === step && 'border-primary text-primary',
              i > step && 'text-muted-foreground',
            )}
          >
            {i < step ? <Check className="size-4" /> : i + 1}
          </span>
          <span className={cn(i === step ? 'font-semibold' : 'text-muted-foreground')}>{s}</span>
          {i < WIZARD_STEPS.length - 1 ? (
            <span className="mx-1 hidden h-px w-8 bg-border sm:block" aria-hidden />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function TreatmentsDialog({ paket, onClose }: { paket: PaketHistoryDto | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['paket', 'historyperawatan', paket?.id],
    queryFn: ({ signal }) =>
      api.get<{ data: PaketItemDto[] }>('/api/paket/historyperawatan', {
        query: { paket_history_id: paket?.id },
        signal,
      }),
    enabled: !!paket,
    meta: { silent: true },
  });
  const rows = q.data?.data ?? [];
  return (
    <Dialog open={!!paket} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{paket ? `${paket.code} · ${paket.name}` : ''}</DialogTitle>
          <DialogDescription>Perawatan dalam paket</DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <Skeleton className="h-20" />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground" data-testid="no-treatments">
            {MSG.noTreatments}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="treatment-list">
            {rows.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <div>
                  <p className="font-medium">{r.perawatandata?.name}</p>
                  <p className="text-xs text-muted-foreground">{r.perawatandata?.code}</p>
                </div>
                <div className="text-right text-xs text-muted-foreground">
                  <p>{r.free_slot} slot</p>
                  <p>berlaku {r.expired_duration} hari</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Tutup
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Pembelian Paket Promo' (spec 2.5, 4, 5): a full-screen wizard of four steps. Back keeps what was chosen;
 * Confirm needs the agreement downloaded or opened, which needs an active finance period.
 */
export function PurchaseWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useSession();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const branchId = me.profile?.id ?? me.profile_id;

  const [step, setStep] = React.useState(0);
  const [kind, setKind] = React.useState<PatientKind | null>(null);
  const [patient, setPatient] = React.useState<UserDto | null>(null);
  const [createdPatient, setCreatedPatient] = React.useState<UserDto | null>(null);
  const patientForm = usePatientForm();
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [saving, setSaving] = React.useState(false);
  const [keyword, setKeyword] = React.useState('');
  const [ticked, setTicked] = React.useState<PaketHistoryDto[]>([]);
  const [viewing, setViewing] = React.useState<PaketHistoryDto | null>(null);
  const [doctor, setDoctor] = React.useState<UserDto | null>(null);
  const [agreementOpened, setAgreementOpened] = React.useState(false);
  const [idemKey, setIdemKey] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string | null>(null);

  const reset = () => {
    setStep(0);
    setKind(null);
    setPatient(null);
    setCreatedPatient(null);
    patientForm.reset(EMPTY_PATIENT);
    setErrors([]);
    setKeyword('');
    setTicked([]);
    setDoctor(null);
    setAgreementOpened(false);
    setIdemKey(null);
  };
  React.useEffect(() => {
    if (open) reset();
  }, [open]);

  const customer = kind === 'lama' ? patient : kind === 'baru' ? createdPatient : null;
  const selected = ticked.length === 1 ? ticked[0] : null;

  const packages = useQuery({
    queryKey: ['paket', 'history', 'wizard', keyword],
    queryFn: ({ signal }) =>
      api.get<{ data: PaketHistoryDto[]; count: number }>('/api/paket/history', {
        query: { status: 1, keyword, limit: 100 },
        signal,
      }),
    enabled: open && step === 1,
    meta: { silent: true },
  });
  // Asked when the wizard opens (issue 16): without an active period nothing can be registered, so the wizard says
  // so at once and goes no further, rather than after a new patient has been created.
  const period = useQuery({
    ...trpc.paket.activePeriod.queryOptions(),
    enabled: open,
    staleTime: 0,
    meta: { silent: true },
  });
  const hasPeriod = !!period.data;
  const noPeriod = period.isSuccess && !period.data;
  const pdfUrl = customer && selected ? agreementPath(branchId, customer.id, selected.id, doctor?.id) : null;

  const go = (to: number) => {
    setErrors([]);
    if (to === 3 && !idemKey) setIdemKey(newIdempotencyKey());
    setStep(to);
  };

  // A changed form (or the guardian switch) is a different patient: the next Next registers it anew.
  React.useEffect(() => {
    const sub = patientForm.watch(() => setCreatedPatient(null));
    return () => sub.unsubscribe();
  }, [patientForm]);

  const nextFromMember = async () => {
    if (kind === 'lama') return go(1);
    if (createdPatient) return go(1);
    setErrors([]);
    // The shared schema first (field errors under their fields), then the server; its field errors go beside
    // their fields too, each message once, and only the others into the list (issue 16).
    await patientForm.handleSubmit(async (parsed) => {
      setSaving(true);
      try {
        const res = await api.post<{ data: UserDto }>('/api/users', compactPatientPayload(parsed));
        setCreatedPatient(res.data);
        void qc.invalidateQueries({ queryKey: ['users'] });
        go(1);
      } catch (err) {
        setErrors(applyServerErrors(patientForm, errorItems(err)));
      } finally {
        setSaving(false);
      }
    })();
  };

  const openAgreement = (download: boolean) => {
    if (!pdfUrl || !hasPeriod) return;
    window.open(pdfUrl, '_blank', 'noopener');
    if (download) {
      const a = document.createElement('a');
      a.href = pdfUrl;
      a.download = `perjanjian-${selected?.code ?? 'paket'}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
    }
    setAgreementOpened(true);
  };

  const confirm = async () => {
    if (!customer || !doctor || !selected || !idemKey || saving) return;
    setSaving(true);
    setErrors([]);
    try {
      const m = await registerMembership(
        { customer: customer.id, doctor: doctor.id, paket_history_id: selected.id },
        idemKey,
      );
      void qc.invalidateQueries({ queryKey: trpc.paket.pathKey() });
      void qc.invalidateQueries({ queryKey: ['paket'] });
      setDone(m.code);
    } catch (err) {
      setErrors(errorItems(err));
    } finally {
      setSaving(false);
    }
  };

  const finish = () => {
    setDone(null);
    onOpenChange(false);
    void navigate('/paket/sales');
  };

  const nextDisabled =
    noPeriod || [!kind || (kind === 'lama' && !patient) || saving, ticked.length !== 1, !doctor][step];

  return (
    <>
      <Dialog open={open && !done} onOpenChange={onOpenChange}>
        <DialogContent fullScreen aria-describedby={undefined} data-testid="purchase-wizard">
          <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-5">
            <DialogHeader>
              <DialogTitle className="text-xl">Pembelian Paket Promo</DialogTitle>
            </DialogHeader>
            <Stepper step={step} />
            <h2 className="text-lg font-semibold" data-testid="wizard-step-title">
              {WIZARD_STEPS[step]}
            </h2>
            {noPeriod ? (
              <div
                role="alert"
                data-testid="wizard-no-period"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
              >
                <p className="font-semibold text-destructive">{MSG.noActivePeriod}</p>
                <p>Paket belum dapat didaftarkan. Minta bagian keuangan membuka periode di menu Keuangan, Periode.</p>
              </div>
            ) : null}

            {step === 0 ? (
              <section className="grid gap-4">
                <div role="radiogroup" aria-label="Jenis Pasien" className="inline-flex w-fit rounded-lg border p-1">
                  {(['lama', 'baru'] as const).map((k) => (
                    <button
                      key={k}
                      type="button"
                      role="radio"
                      aria-checked={kind === k}
                      onClick={() => {
                        setKind(k);
                        setErrors([]);
                      }}
                      className={cn(
                        'rounded-md px-4 py-2 text-sm font-medium',
                        kind === k ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                      )}
                    >
                      {k === 'lama' ? 'Pasien Lama' : 'Pasien Baru'}
                    </button>
                  ))}
                </div>
                {kind === null ? (
                  <p className="text-sm text-muted-foreground">Pilih jenis pasien terlebih dahulu.</p>
                ) : null}
                {kind === 'lama' ? (
                  <div className="grid max-w-xl gap-3">
                    <FormField label="Cari Pasien" htmlFor="wizard-patient" required>
                      <Combobox<UserDto>
                        id="wizard-patient"
                        queryKey={['users', 'patients', 'wizard']}
                        search={(text, signal) => searchUsers(1, text, signal)}
                        value={patient}
                        onChange={setPatient}
                        getKey={(u) => u.id}
                        getLabel={(u) => `${u.name} (${u.username})`}
                        renderItem={(u) => (
                          <div className="flex flex-col">
                            <span>{u.name}</span>
                            <span className="text-xs text-muted-foreground">NO RM. {u.username}</span>
                          </div>
                        )}
                        placeholder="Pilih pasien"
                        searchPlaceholder="Nama, NO RM., telepon atau NIK"
                      />
                    </FormField>
                    {patient ? <PersonCard user={patient} /> : null}
                  </div>
                ) : null}
                {kind === 'baru' ? (
                  <div className="grid gap-4">
                    {createdPatient ? <PersonCard user={createdPatient} label="Pasien baru tersimpan" /> : null}
                    <PatientFields form={patientForm} wide waliLabel="Dengan Wali" />
                  </div>
                ) : null}
              </section>
            ) : null}

            {step === 1 ? (
              <section className="grid gap-3">
                <div className="relative max-w-md">
                  <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
                  <Input
                    className="pl-9"
                    placeholder="Cari kode atau nama paket"
                    value={keyword}
                    onChange={(e) => setKeyword(e.target.value)}
                    aria-label="Cari paket"
                  />
                </div>
                {packages.isPending ? (
                  <Skeleton className="h-40" />
                ) : (packages.data?.data ?? []).length === 0 ? (
                  <p className="py-8 text-center text-muted-foreground">{MSG.empty}</p>
                ) : (
                  <ul className="grid gap-2 md:grid-cols-2" data-testid="paket-list">
                    {(packages.data?.data ?? []).map((p) => {
                      const checked = ticked.some((x) => x.id === p.id);
                      return (
                        <li
                          key={p.id}
                          className={cn(
                            'flex items-start gap-3 rounded-lg border p-3',
                            checked && 'border-primary bg-primary/5',
                          )}
                          data-testid="paket-option"
                        >
                          <Checkbox
                            id={`paket-${p.id}`}
                            checked={checked}
                            onCheckedChange={(on) => setTicked(on === true ? [p] : ticked.filter((x) => x.id !== p.id))}
                            aria-label={`Pilih ${p.code}`}
                            className="mt-1"
                          />
                          <label htmlFor={`paket-${p.id}`} className="min-w-0 flex-1 cursor-pointer">
                            <p className="font-semibold">
                              <span className="font-mono">{p.code}</span> · {p.pakettypedata.name}
                            </p>
                            <p className="text-sm">{p.name}</p>
                            <p className="text-sm text-muted-foreground">
                              {formatRupiah(p.price)}
                              {p.installment_schema === 1
                                ? ` · DP ${formatRupiah(p.dp_amount)} + ${p.cicilan_attempt}x ${formatRupiah(p.cicilan_amount)}`
                                : ' · Lunas'}
                            </p>
                          </label>
                          <Button type="button" size="sm" variant="outline" onClick={() => setViewing(p)}>
                            <Eye /> lihat
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            ) : null}

            {step === 2 ? (
              <section className="grid max-w-xl gap-3">
                <FormField label="Dokter" htmlFor="wizard-doctor" required>
                  <Combobox<UserDto>
                    id="wizard-doctor"
                    queryKey={['users', 'doctors', 'wizard', branchId]}
                    search={(text, signal) => searchUsers(2, text, signal)}
                    value={doctor}
                    onChange={(d) => {
                      setDoctor(d);
                      setAgreementOpened(false);
                    }}
                    getKey={(u) => u.id}
                    getLabel={(u) => u.name}
                    placeholder="Pilih dokter"
                    searchPlaceholder="Nama dokter"
                  />
                </FormField>
                {doctor ? <PersonCard user={doctor} label="Dokter" /> : null}
              </section>
            ) : null}

            {step === 3 ? (
              <section className="grid gap-3">
                <div className="grid gap-1 text-sm">
                  <p>
                    Pasien: <b>{customer?.name}</b> (NO RM. {customer?.username}) · Paket: <b>{selected?.code}</b>{' '}
                    {selected?.name} · Dokter: <b>{doctor?.name}</b>
                  </p>
                </div>
                {period.isPending ? (
                  <Skeleton className="h-[60vh]" />
                ) : !hasPeriod ? null : pdfUrl ? (
                  <iframe
                    title="Perjanjian Paket"
                    src={pdfUrl}
                    className="h-[60vh] w-full rounded-lg border"
                    data-testid="agreement-frame"
                  />
                ) : null}
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => openAgreement(true)}
                    disabled={!hasPeriod || !pdfUrl}
                  >
                    <Download /> Unduh Perjanjian
                  </Button>
                  {hasPeriod && !agreementOpened ? (
                    <p className="mt-2 text-sm text-muted-foreground" data-testid="agreement-hint">
                      Unduh perjanjian terlebih dahulu: tombol Konfirmasi aktif setelah perjanjian diunduh.
                    </p>
                  ) : null}
                </div>
              </section>
            ) : null}

            <ErrorList items={errors} />

            <div className="mt-auto flex items-center justify-between gap-2 border-t pt-4">
              {step > 0 ? (
                <Button type="button" variant="outline" onClick={() => go(step - 1)} disabled={saving}>
                  <ArrowLeft /> Kembali
                </Button>
              ) : (
                <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                  Batal
                </Button>
              )}
              {step < 3 ? (
                <Button
                  type="button"
                  onClick={() => (step === 0 ? void nextFromMember() : go(step + 1))}
                  disabled={nextDisabled}
                >
                  {saving ? <LoaderCircle className="animate-spin" /> : null}
                  Lanjut <ArrowRight />
                </Button>
              ) : (
                <Button
                  type="button"
                  onClick={() => void confirm()}
                  disabled={!agreementOpened || !hasPeriod || saving}
                >
                  {saving ? <LoaderCircle className="animate-spin" /> : <Check />}
                  Konfirmasi
                </Button>
              )}
            </div>
          </div>
          <TreatmentsDialog paket={viewing} onClose={() => setViewing(null)} />
        </DialogContent>
      </Dialog>
      <SuccessDialog
        open={!!done}
        onClose={finish}
        title={done ? MSG.registrationSuccessTitle(done) : ''}
        description={MSG.registrationSuccess}
        actionLabel="Selesai"
      />
    </>
  );
}
