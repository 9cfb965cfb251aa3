import * as React from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import {
  allows,
  formatDate,
  formatDateTime,
  RM_ACCESS,
  VISIT_KIND_LABEL,
  VISIT_STATUS_LABEL,
  type CustomerDto,
  type RmVisitRecordDto,
  type VisitKind,
  type VisitStatus,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { branchTimeZone } from '../../../lib/branch-today';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PatientPicker } from '../../../components/PatientPicker';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { ListPager } from '../../../components/ListPager';
import { cn } from '../../../lib/utils';

type Person = Pick<CustomerDto, 'id' | 'name' | 'username'>;
const PAGE = 10;

/** One visit of the timeline: its diagnoses, treatments, lab forms, prescription items and photos. */
function VisitCard({ r }: { r: RmVisitRecordDto }) {
  const dx = r.soap.filter((e) => !e.voided).flatMap((e) => e.current.diagnoses ?? []);
  const tr = r.treatment.filter((e) => !e.voided);
  const lab = r.lab.filter((e) => !e.voided);
  const rx = r.resep.flatMap((p) => p.items).filter((e) => !e.voided);
  const soap = r.soap.find((e) => !e.voided)?.current;
  return (
    <Card data-testid="rm-timeline-visit">
      <CardHeader className="pb-2">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span>{formatDate(r.visit.visit_date)}</span>
          <span className="text-sm font-normal text-muted-foreground">
            {r.visit.code} · {VISIT_KIND_LABEL[r.visit.kind as VisitKind] ?? r.visit.kind} · {r.visit.doctor.name}
          </span>
          <Badge variant="outline">{VISIT_STATUS_LABEL[r.visit.status as VisitStatus] ?? r.visit.status}</Badge>
          {r.record?.status === 'finished' ? <Badge variant="secondary">RM selesai</Badge> : null}
          <Button size="sm" variant="outline" className="ml-auto" asChild>
            <Link to={`/service/rekammedis/visit/${r.visit.id}`}>Buka</Link>
          </Button>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {soap?.assessment ? <p>A: {soap.assessment}</p> : null}
        {dx.length ? (
          <p>
            <span className="font-semibold">Diagnosis: </span>
            {dx.map((d, i) => (
              <span key={`${d.code}-${i}`} className={cn(d.primary && 'font-medium')}>
                {i ? '; ' : ''}
                {d.code} {d.name_id}
              </span>
            ))}
          </p>
        ) : null}
        {tr.length ? (
          <p>
            <span className="font-semibold">Tindakan: </span>
            {tr.map((e) => `${e.current.perawatan?.name ?? ''} × ${e.current.qty}`).join('; ')}
          </p>
        ) : null}
        {lab.length ? (
          <p>
            <span className="font-semibold">Form Lab: </span>
            {lab.map((e) => `${e.current.form_lab?.name ?? ''} × ${e.current.qty}`).join('; ')}
          </p>
        ) : null}
        {rx.length ? (
          <p>
            <span className="font-semibold">Resep: </span>
            {rx.map((e) => `${e.current.item?.name ?? ''} ${e.current.qty} (${e.current.signa ?? ''})`).join('; ')}
          </p>
        ) : null}
        {r.photos.length ? (
          <div className="flex flex-wrap gap-1 pt-1">
            {r.photos.slice(0, 6).map((p) => (
              <img
                key={p.id}
                src={`/api/files/visitmultimedia/${p.id}/thumbnail`}
                alt={p.label ?? 'Foto progres'}
                className="size-14 rounded border object-cover"
                loading="lazy"
              />
            ))}
          </div>
        ) : null}
        {!soap && !tr.length && !rx.length && !r.photos.length ? (
          <p className="text-muted-foreground">Belum ada isi rekam medis.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The patient's visits newest first, ten at a time, the next ten loaded when the end comes into view. */
function PatientTimeline({ patient }: { patient: number }) {
  const client = useTRPCClient();
  const q = useInfiniteQuery({
    queryKey: ['medicalRecords', 'patient', patient],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      client.medicalRecords.patient.query({ id: patient, page: pageParam, limit: PAGE }, { signal }),
    getNextPageParam: (last, all) => (all.length * PAGE < last.count ? all.length + 1 : undefined),
  });
  const sentinel = React.useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  React.useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((es) => {
      if (es.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (q.error) return <ErrorList items={errorItems(q.error)} />;
  if (q.isPending) return <SkeletonRows rows={5} />;
  const visits = q.data.pages.flatMap((p) => p.data);
  const count = q.data.pages[0]?.count ?? 0;
  const who = visits[0]?.customer;
  return (
    <div className="grid content-start gap-2" data-testid="rm-timeline">
      {who ? (
        <p className="text-lg font-semibold">
          {who.name} <span className="text-sm font-normal text-muted-foreground">NO RM. {who.username}</span>
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="rm-timeline-count">
        {count} kunjungan · ditampilkan {visits.length}
      </p>
      {visits.length === 0 ? <p className="text-sm text-muted-foreground">Pasien ini belum punya kunjungan.</p> : null}
      {visits.map((r) => (
        <VisitCard key={r.visit.id} r={r} />
      ))}
      <div ref={sentinel} />
      {hasNextPage ? (
        <Button
          variant="outline"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
          data-testid="rm-more"
        >
          {isFetchingNextPage ? 'Memuat...' : 'Muat kunjungan sebelumnya'}
        </Button>
      ) : null}
    </div>
  );
}

interface AccessRow {
  id: number;
  at: string;
  user: { id: number; name: string } | null;
  action: string;
  visit_id: number | null;
  ip: string | null;
}
const WHAT: Record<string, string> = {
  visit: 'Rekam medis kunjungan',
  patient: 'Riwayat pasien',
  history: 'Riwayat versi',
};

/** 'Riwayat Akses' (manager): who opened this patient's record, when, which visit, from which address. */
function AccessLogPanel({ patient }: { patient: number }) {
  const trpc = useTRPC();
  const user = useSession();
  const timeZone = branchTimeZone(user);
  const [page, setPage] = React.useState(1);
  const limit = 20;
  const q = useQuery({
    ...trpc.medicalRecords.access.queryOptions({ id: patient, page, limit }),
    meta: { inlineErrors: true },
  });
  const rows: AccessRow[] = q.data?.data ?? [];
  return (
    <Card data-testid="rm-access-log" className="content-start">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-4" /> Riwayat Akses
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        {q.isPending ? <SkeletonRows rows={4} /> : null}
        {!q.isPending && rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Belum ada akses tercatat.</p>
        ) : null}
        <ul className="grid max-h-[32rem] gap-1 overflow-y-auto">
          {rows.map((r) => (
            <li key={r.id} className="grid rounded-md border px-2 py-1.5 text-sm" data-testid="rm-access-row">
              <span className="font-medium">{r.user?.name ?? '-'}</span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(r.at, timeZone)} · {WHAT[r.action] ?? r.action}
                {r.visit_id ? ` · kunjungan #${r.visit_id}` : ''}
                {r.ip ? ` · IP ${r.ip}` : ''}
              </span>
            </li>
          ))}
        </ul>
        <ListPager page={page} pageSize={limit} total={q.data?.count ?? 0} onPage={setPage} />
      </CardContent>
    </Card>
  );
}

/**
 * /service/rekammedis 'Rekam Medis': find a patient (name, NO RM, NIK, phone) and read their whole history, newest
 * visit first, paged so that hundreds of visits stay fast. Every page read is in the access log; managers see it.
 */
export default function RekamMedisPage() {
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const patientId = Number(params.get('patient')) || null;
  const [picked, setPicked] = React.useState<Person | null>(null);
  const shown: Person | null = picked?.id === patientId ? picked : null;
  const canSeeLog = allows(user, RM_ACCESS.accessLog);
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader title="Rekam Medis" description="Cari pasien lalu baca riwayat kunjungannya, terbaru di atas." />
      <div className="grid gap-1.5 sm:max-w-md">
        <Label htmlFor="rm-patient-search">Pasien</Label>
        <PatientPicker
          id="rm-patient-search"
          value={shown}
          onChange={(p) => {
            setPicked(p);
            setParams(p ? { patient: String(p.id) } : {});
          }}
          minChars={2}
        />
      </div>
      {patientId ? (
        <div className={cn('grid items-start gap-3', canSeeLog && 'lg:grid-cols-[minmax(0,1fr)_22rem]')}>
          <PatientTimeline key={patientId} patient={patientId} />
          {canSeeLog ? <AccessLogPanel patient={patientId} /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Pilih pasien untuk membuka rekam medisnya.</p>
      )}
    </div>
  );
}
