import * as React from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AlertTriangle, CheckCircle2, History, Pencil, Plus, XCircle } from 'lucide-react';
import {
  formatDate,
  formatDateTime,
  PRESCRIPTION_STATUS_LABEL,
  RM_KIND_LABEL,
  VISIT_KIND_LABEL,
  VISIT_STATUS_LABEL,
  type RmEntryDto,
  type RmKind,
  type RmVisitRecordFullDto,
  type VisitKind,
  type VisitStatus,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { branchTimeZone } from '../../../lib/branch-today';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { VisitSatusehatBadge } from '../../satusehat';
import { PrintMenu } from '../../medical-lists';
import { Badge } from '../../../components/ui/badge';
import { PayStatusBadge } from '../../../components/PayStatusBadge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorList } from '../../../components/ui/error-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { EntryCard } from '../components/EntryView';
import { HistoryDialog } from '../components/HistoryDialog';
import { AlergiDialog } from '../components/record-forms/AlergiDialog';
import { ItemDialog } from '../components/record-forms/ItemDialog';
import { LabDialog } from '../components/record-forms/LabDialog';
import { ResepDialog } from '../components/record-forms/ResepDialog';
import { SoapDialog } from '../components/record-forms/SoapDialog';
import { TreatmentDialog } from '../components/record-forms/TreatmentDialog';
import { VoidDialog } from '../components/record-forms/VoidDialog';

type Editing = { kind: RmKind; entry: RmEntryDto | null } | null;

/**
 * /service/rekammedis/visit/:id: the record of one visit, opened from the treatment queue. SOAP and vital signs,
 * diagnoses and procedures, treatments, products, prescriptions, consumables, lab forms, allergies and photos; 'Selesai'
 * finishes it (the visit goes to the cashier). After that every change is a correction with a reason; history shows
 * the versions side by side; voided entries stay, struck through.
 */
export default function VisitRecordPage() {
  const { id } = useParams();
  const visitId = Number(id);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useSession();
  const timeZone = branchTimeZone(user);
  const q = useQuery({
    ...trpc.medicalRecords.visit.queryOptions({ id: visitId }),
    enabled: Number.isSafeInteger(visitId) && visitId > 0,
    meta: { inlineErrors: true },
  });
  const finish = useMutation({ ...trpc.medicalRecords.finish.mutationOptions(), meta: { inlineErrors: true } });
  const [editing, setEditing] = React.useState<Editing>(null);
  const [voiding, setVoiding] = React.useState<RmEntryDto | null>(null);
  const [history, setHistory] = React.useState<RmEntryDto | null>(null);
  const [confirmFinish, setConfirmFinish] = React.useState(false);

  if (q.error) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-3">
        <PageHeader title="Rekam Medis Kunjungan" />
        <ErrorList items={errorItems(q.error)} />
      </div>
    );
  }
  if (q.isPending || !q.data) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-3">
        <PageHeader title="Rekam Medis Kunjungan" />
        <SkeletonRows rows={6} />
      </div>
    );
  }
  const d: RmVisitRecordFullDto = q.data;
  const finished = d.record?.status === 'finished';
  const allergens = d.readable.includes('alergi') ? d.allergies.map((a) => a.current.allergen ?? '') : undefined;
  const can = (k: RmKind) => d.can.write.includes(k) && (!finished || d.can.correct);
  const open = (kind: RmKind, entry: RmEntryDto | null = null) => setEditing({ kind, entry });

  const actionsFor = (e: RmEntryDto) =>
    e.voided ? (
      <Button size="sm" variant="ghost" onClick={() => setHistory(e)} data-testid="rm-history">
        <History /> Riwayat
      </Button>
    ) : (
      <>
        <Button size="sm" variant="ghost" onClick={() => setHistory(e)} data-testid="rm-history">
          <History /> Riwayat
        </Button>
        {can(e.kind) ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => open(e.kind, e)} data-testid="rm-correct">
              <Pencil /> Perbaiki
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setVoiding(e)} data-testid="rm-void">
              <XCircle /> Batalkan
            </Button>
          </>
        ) : null}
      </>
    );

  const list = (kind: RmKind, entries: RmEntryDto[]) => (
    <div className="grid gap-2">
      {can(kind) ? (
        <div>
          <Button size="sm" onClick={() => open(kind)} data-testid={`rm-add-${kind}`}>
            <Plus /> {kind === 'soap' ? 'Tulis SOAP' : `Tambah ${RM_KIND_LABEL[kind]}`}
          </Button>
        </div>
      ) : null}
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">Belum ada {RM_KIND_LABEL[kind]}.</p> : null}
      {entries.map((e) => (
        <EntryCard key={e.id} entry={e} timeZone={timeZone} actions={actionsFor(e)} />
      ))}
    </div>
  );

  const doFinish = async () => {
    try {
      const r = await finish.mutateAsync({ id: visitId });
      toast.success(
        `Rekam medis selesai; kunjungan ${VISIT_STATUS_LABEL[r.visit_status as VisitStatus] ?? r.visit_status}`,
        {
          duration: TOAST_MS,
        },
      );
      // The record is finished; what the store room could not give is said, not hidden (the stock stays right).
      for (const w of r.warnings) toast.warning(w, { duration: TOAST_MS * 3 });
      setConfirmFinish(false);
    } catch (err) {
      toast.error(errorItems(err)[0]?.message ?? 'Gagal menyelesaikan', { duration: TOAST_MS });
    } finally {
      await queryClient.invalidateQueries(trpc.medicalRecords.pathFilter());
      await queryClient.invalidateQueries(trpc.visits.pathFilter());
    }
  };

  const tabs: { kind: RmKind | 'foto'; label: string; count: number }[] = [
    { kind: 'soap', label: 'SOAP', count: d.soap.length },
    { kind: 'treatment', label: 'Tindakan', count: d.treatment.length },
    { kind: 'resep', label: 'Resep', count: d.resep.length },
    { kind: 'produk', label: 'Produk', count: d.produk.length },
    { kind: 'bhp', label: 'BHP', count: d.bhp.length },
    { kind: 'lab', label: 'Form Lab', count: d.lab.length },
    { kind: 'alergi', label: 'Alergi', count: d.alergi.length },
    { kind: 'foto', label: 'Foto', count: d.photos.length },
  ];
  const visible = tabs.filter((t) => t.kind === 'foto' || d.readable.includes(t.kind));

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title="Rekam Medis Kunjungan"
        description={`${d.visit.code} · ${formatDate(d.visit.visit_date)} · ${VISIT_KIND_LABEL[d.visit.kind as VisitKind] ?? d.visit.kind}`}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={`/service/rekammedis?patient=${d.customer.id}`}>Riwayat Pasien</Link>
            </Button>
            <PrintMenu
              visit={d.visit.id}
              visitDate={d.visit.visit_date.slice(0, 10)}
              doctorId={d.visit.doctor.id}
              finished={finished}
              prescriptions={d.resep.map((r) => ({ id: r.id, code: r.code }))}
            />
            {!finished && d.can.finish ? (
              <Button onClick={() => setConfirmFinish(true)} data-testid="rm-finish">
                <CheckCircle2 /> Selesai
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-2 pt-4 sm:grid-cols-2">
          <div>
            <p className="text-lg font-semibold" data-testid="rm-patient">
              {d.customer.name}
            </p>
            <p className="text-sm text-muted-foreground">
              NO RM. {d.customer.username}
              {d.customer.birth_date ? ` · lahir ${formatDate(d.customer.birth_date)}` : ''}
            </p>
            {d.visit.complaint ? <p className="text-sm">Keluhan: {d.visit.complaint}</p> : null}
          </div>
          <div className="text-sm sm:text-right">
            <p>Dokter: {d.visit.doctor.name}</p>
            {d.visit.nurse ? <p>Perawat: {d.visit.nurse.name}</p> : null}
            <p className="mt-1 flex flex-wrap items-center gap-2 sm:justify-end">
              <Badge variant="outline">
                Kunjungan {VISIT_STATUS_LABEL[d.visit.status as VisitStatus] ?? d.visit.status}
              </Badge>
              {finished ? <PayStatusBadge status={d.visit.pay_status} /> : null}
              <Badge variant={finished ? 'secondary' : 'default'} data-testid="rm-record-status">
                {finished ? 'Rekam medis selesai' : 'Draf'}
              </Badge>
              {finished ? <VisitSatusehatBadge visit={d.visit.id} /> : null}
            </p>
            {finished && d.record?.finished_at ? (
              <p className="text-xs text-muted-foreground">
                Selesai {formatDateTime(d.record.finished_at, timeZone)} oleh {d.record.finished_by?.name}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
      {d.readable.includes('alergi') ? (
        <div
          className={
            d.allergies.length
              ? 'flex items-start gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-destructive'
              : 'rounded-md border p-3 text-sm text-muted-foreground'
          }
          data-testid="rm-allergies"
        >
          {d.allergies.length ? (
            <>
              <AlertTriangle className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">Alergi</p>
                <p className="text-sm">
                  {d.allergies
                    .map((a) => `${a.current.allergen}${a.current.note ? ` (${a.current.note})` : ''}`)
                    .join(', ')}
                </p>
              </div>
            </>
          ) : (
            'Tidak ada alergi tercatat.'
          )}
        </div>
      ) : null}
      {finished ? (
        <p className="text-sm text-muted-foreground">
          Rekam medis sudah selesai: perubahan adalah perbaikan dengan alasan
          {d.can.correct ? '' : ' dan memerlukan hak perbaikan'}.
        </p>
      ) : null}
      <Tabs defaultValue={visible[0]?.kind ?? 'foto'}>
        <TabsList className="h-auto w-full flex-wrap justify-start">
          {visible.map((t) => (
            <TabsTrigger key={t.kind} value={t.kind} className="h-8 flex-none" data-testid={`rm-tab-${t.kind}`}>
              {t.label} ({t.count})
            </TabsTrigger>
          ))}
        </TabsList>
        {(['soap', 'treatment', 'produk', 'bhp', 'lab', 'alergi'] as const).map((k) =>
          d.readable.includes(k) ? (
            <TabsContent key={k} value={k}>
              {list(k, d[k])}
            </TabsContent>
          ) : null,
        )}
        {d.readable.includes('resep') ? (
          <TabsContent value="resep">
            <div className="grid gap-3">
              {can('resep') ? (
                <div>
                  <Button size="sm" onClick={() => open('resep')} data-testid="rm-add-resep">
                    <Plus /> Tulis Resep
                  </Button>
                </div>
              ) : null}
              {d.resep.length === 0 ? <p className="text-sm text-muted-foreground">Belum ada resep.</p> : null}
              {d.resep.map((p) => (
                <Card key={p.id}>
                  <CardHeader className="pb-2">
                    <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                      {p.code}
                      <Badge variant="outline">{PRESCRIPTION_STATUS_LABEL[p.pharmacy_status]}</Badge>
                    </CardTitle>
                    {p.note ? <p className="text-sm text-muted-foreground">{p.note}</p> : null}
                  </CardHeader>
                  <CardContent className="grid gap-2">
                    {p.items.map((e) => (
                      <EntryCard key={e.id} entry={e} timeZone={timeZone} actions={actionsFor(e)} />
                    ))}
                  </CardContent>
                </Card>
              ))}
            </div>
          </TabsContent>
        ) : null}
        <TabsContent value="foto">
          {d.photos.length === 0 ? (
            <p className="text-sm text-muted-foreground">Belum ada foto progres kunjungan ini.</p>
          ) : (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {d.photos.map((ph) => (
                <a
                  key={ph.id}
                  href={`/api/files/visitmultimedia/${ph.id}/photo`}
                  target="_blank"
                  rel="noopener"
                  className="grid gap-1"
                >
                  <img
                    src={`/api/files/visitmultimedia/${ph.id}/thumbnail`}
                    alt={ph.label ?? 'Foto progres'}
                    className="aspect-square w-full rounded-md border object-cover"
                    loading="lazy"
                  />
                  <span className="text-xs text-muted-foreground">{ph.label ?? ''}</span>
                </a>
              ))}
            </div>
          )}
        </TabsContent>
      </Tabs>

      <SoapDialog
        open={editing?.kind === 'soap'}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        entry={editing?.kind === 'soap' ? editing.entry : null}
        finished={finished}
      />
      <TreatmentDialog
        open={editing?.kind === 'treatment'}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        entry={editing?.kind === 'treatment' ? editing.entry : null}
        finished={finished}
        defaultDoctor={d.visit.doctor.id}
      />
      {(['produk', 'bhp'] as const).map((k) => (
        <ItemDialog
          key={k}
          kind={k}
          open={editing?.kind === k}
          onOpenChange={(o) => !o && setEditing(null)}
          visitId={visitId}
          entry={editing?.kind === k ? editing.entry : null}
          finished={finished}
        />
      ))}
      <ItemDialog
        kind="resep"
        open={editing?.kind === 'resep' && !!editing.entry}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        entry={editing?.kind === 'resep' ? editing.entry : null}
        finished={finished}
        allergies={allergens}
      />
      <ResepDialog
        open={editing?.kind === 'resep' && !editing.entry}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        finished={finished}
        allergies={allergens}
      />
      <LabDialog
        open={editing?.kind === 'lab'}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        entry={editing?.kind === 'lab' ? editing.entry : null}
        finished={finished}
      />
      <AlergiDialog
        open={editing?.kind === 'alergi'}
        onOpenChange={(o) => !o && setEditing(null)}
        visitId={visitId}
        entry={editing?.kind === 'alergi' ? editing.entry : null}
        finished={finished}
      />
      <VoidDialog entry={voiding} onOpenChange={(o) => !o && setVoiding(null)} />
      <HistoryDialog entry={history} onOpenChange={(o) => !o && setHistory(null)} timeZone={timeZone} />
      <ConfirmDialog
        open={confirmFinish}
        onOpenChange={setConfirmFinish}
        title="Selesaikan rekam medis?"
        description="Kunjungan menjadi Selesai dan siap ke kasir. Perubahan sesudahnya adalah perbaikan dengan alasan."
        confirmLabel="Selesai"
        onConfirm={doFinish}
      />
    </div>
  );
}
