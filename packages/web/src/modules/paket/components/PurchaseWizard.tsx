import * as React from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import {
  agreementPath,
  MSG,
  type ErrorItem,
  type NewPatientInput,
  type PaketHistoryDto,
  type PatientDuplicateDto,
  type UserDto,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { api, errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors } from '../../../components/ui/form';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import {
  compactPatientPayload,
  DuplicatePatientsDialog,
  EMPTY_PATIENT,
  patientUpdatePayload,
  useDuplicateCheck,
  usePatientForm,
} from '../../patients';
import { AgreementStep } from './wizard/AgreementStep';
import { DoctorStep } from './wizard/DoctorStep';
import { MemberStep } from './wizard/MemberStep';
import { PaketStep } from './wizard/PaketStep';
import { Stepper, TreatmentsDialog, WIZARD_STEPS, type PatientKind } from './wizard/parts';

export { WIZARD_STEPS };

/** What identifies a saved form: the payload without the one-off duplicate confirmation. */
function payloadKey(payload: NewPatientInput): string {
  return JSON.stringify({ ...payload, confirm_duplicate: undefined });
}

/**
 * 'Pembelian Paket Promo' (spec 2.5, 4, 5): a full-screen wizard of four steps. Back keeps what was chosen;
 * Confirm needs the agreement downloaded or opened, which needs an active finance period.
 */
export function PurchaseWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useSession();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const branchId = me.profile?.id ?? me.profile_id;

  const [step, setStep] = React.useState(0);
  const [kind, setKind] = React.useState<PatientKind | null>(null);
  const [patient, setPatient] = React.useState<UserDto | null>(null);
  const [createdPatient, setCreatedPatient] = React.useState<UserDto | null>(null);
  /** The payload `createdPatient` was last saved with: Next saves again only when the form differs from it. */
  const [savedPayload, setSavedPayload] = React.useState<string | null>(null);
  const patientForm = usePatientForm();
  const duplicates = useDuplicateCheck();
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
    setSavedPayload(null);
    duplicates.clear();
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
    // Only when the dialog opens: reset is a new function each render and must not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const customer = kind === 'lama' ? patient : kind === 'baru' ? createdPatient : null;
  const selected = ticked.length === 1 ? ticked[0] : null;

  const packages = useQuery({
    ...trpc.paket.history.queryOptions({ status: 1, keyword, limit: 100 }),
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

  /**
   * Issue 26 item 3: the wizard registers its new patient once. Back from step 2 and Next again with the same form
   * goes on; with a changed form it edits that patient (PUT /api/users/{id}), never registers a second one.
   */
  const savePatient = async (payload: NewPatientInput, existing: UserDto | null) => {
    setSaving(true);
    try {
      const res = existing
        ? await api.put<{ data: UserDto }>(`/api/users/${existing.id}`, patientUpdatePayload(payload))
        : await api.post<{ data: UserDto }>('/api/users', payload);
      setCreatedPatient(res.data);
      setSavedPayload(payloadKey(payload));
      void qc.invalidateQueries({ queryKey: ['users'] });
      // Issue 26 item 7: the desk sees the NO RM. it writes on the patient's card.
      if (!existing) toast.success(`Pasien baru tersimpan dengan NO RM. ${res.data.username}`);
      go(1);
    } catch (err) {
      setErrors(applyServerErrors(patientForm, errorItems(err)));
    } finally {
      setSaving(false);
    }
  };

  const nextFromMember = async () => {
    if (kind === 'lama') return go(1);
    setErrors([]);
    // The shared schema first (field errors under their fields), then the server; its field errors go beside
    // their fields too, each message once, and only the others into the list (issue 16).
    await patientForm.handleSubmit(async (parsed) => {
      const payload = compactPatientPayload(parsed);
      if (createdPatient) {
        if (payloadKey(payload) === savedPayload) return go(1);
        return savePatient(payload, createdPatient);
      }
      // Likely duplicates before registering (issue 26): pick the existing patient or save anyway.
      if (await duplicates.check(payload)) await savePatient(payload, null);
    })();
  };

  const chooseExisting = async (c: PatientDuplicateDto) => {
    duplicates.clear();
    setSaving(true);
    try {
      const res = await api.get<{ data: UserDto }>(`/api/users/${c.id}`);
      setKind('lama');
      setPatient(res.data);
      go(1);
    } catch (err) {
      setErrors(errorItems(err));
    } finally {
      setSaving(false);
    }
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
      // The wizard's key: a double click or a retried confirmation registers once (the second answers the first).
      const m = await client.paket.register.mutate({
        customer: customer.id,
        doctor: doctor.id,
        paket_history_id: selected.id,
        idempotency_key: idemKey,
      });
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
    noPeriod ||
    [!kind || (kind === 'lama' && !patient) || saving || duplicates.checking, ticked.length !== 1, !doctor][step];

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
              <MemberStep
                kind={kind}
                onKind={(k) => {
                  setKind(k);
                  setErrors([]);
                }}
                patient={patient}
                onPatient={setPatient}
                createdPatient={createdPatient}
                patientForm={patientForm}
              />
            ) : null}
            {step === 1 ? (
              <PaketStep
                keyword={keyword}
                onKeyword={setKeyword}
                loading={packages.isPending}
                packages={packages.data?.data ?? []}
                ticked={ticked}
                onTicked={setTicked}
                onView={setViewing}
              />
            ) : null}
            {step === 2 ? (
              <DoctorStep
                branchId={branchId}
                doctor={doctor}
                onDoctor={(d) => {
                  setDoctor(d);
                  setAgreementOpened(false);
                }}
              />
            ) : null}
            {step === 3 ? (
              <AgreementStep
                customer={customer}
                selected={selected}
                doctor={doctor}
                loading={period.isPending}
                hasPeriod={hasPeriod}
                pdfUrl={pdfUrl}
                agreementOpened={agreementOpened}
                onDownload={() => openAgreement(true)}
              />
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
          <DuplicatePatientsDialog
            pending={duplicates.pending}
            busy={saving}
            onUse={(c) => void chooseExisting(c)}
            onSaveAnyway={(payload) => {
              duplicates.clear();
              void savePatient(payload, null);
            }}
            onCancel={duplicates.clear}
          />
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
