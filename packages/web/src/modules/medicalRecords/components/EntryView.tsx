import {
  bmiText,
  formatDateTime,
  formatRupiah,
  RM_VERSION_ACTION_LABEL,
  VITAL_RANGES,
  type RmEntryDto,
  type RmKind,
  type RmVersionDto,
  type VitalName,
} from '@klinik/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const VITAL_ORDER: VitalName[] = ['nadi', 'respirasi', 'suhu', 'spo2', 'berat', 'tinggi'];

/** Vital signs in one line: TD 120/80 mmHg, nadi, respirasi, suhu, SpO2, weight, height, BMI. */
export function VitalsLine({ v }: { v: NonNullable<RmVersionDto['vitals']> }) {
  const parts: string[] = [];
  if (v.sistole !== null && v.diastole !== null) parts.push(`TD ${v.sistole}/${v.diastole} mmHg`);
  for (const k of VITAL_ORDER) {
    const n = v[k];
    if (n !== null) parts.push(`${VITAL_RANGES[k].label} ${String(n).replace('.', ',')} ${VITAL_RANGES[k].unit}`);
  }
  if (v.bmi !== null) parts.push(`BMI ${bmiText(v.bmi)}`);
  if (!parts.length) return null;
  return <p className="text-sm text-muted-foreground">{parts.join(' · ')}</p>;
}

function Labeled({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="text-sm whitespace-pre-wrap">
      <span className="font-semibold">{label}: </span>
      {text}
    </p>
  );
}

/** The content of one version of an entry, as a doctor reads it. */
export function VersionContent({ kind, v }: { kind: RmKind; v: RmVersionDto }) {
  switch (kind) {
    case 'soap':
      return (
        <div className="grid gap-1">
          <Labeled label="S" text={v.subjective} />
          <Labeled label="O" text={v.objective} />
          <Labeled label="A" text={v.assessment} />
          <Labeled label="P" text={v.plan} />
          {v.vitals ? <VitalsLine v={v.vitals} /> : null}
          {v.diagnoses?.length ? (
            <ul className="grid gap-0.5 text-sm" data-testid="rm-diagnoses">
              {v.diagnoses.map((d) => (
                <li key={d.code}>
                  <span className="font-mono font-semibold">{d.code}</span> {d.name_id}
                  {d.primary ? (
                    <Badge variant="secondary" className="ml-2">
                      Utama
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {v.procedures?.length ? (
            <p className="text-sm">
              <span className="font-semibold">Prosedur: </span>
              {v.procedures.map((p) => `${p.code} ${p.name_en || p.name_id}`).join('; ')}
            </p>
          ) : null}
        </div>
      );
    case 'treatment':
      return (
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium">
            {v.perawatan?.name ?? '-'} × {v.qty}
          </p>
          <p className="text-muted-foreground">
            {v.doctor?.name}
            {v.assistant ? ` · asisten ${v.assistant.name}` : ''}
            {v.icd9cm ? ` · ICD-9-CM ${v.icd9cm.code}` : ''}
            {v.price !== null && v.price !== undefined ? ` · ${formatRupiah(v.price)}` : ''}
          </p>
        </div>
      );
    case 'lab':
      return (
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium">
            {v.form_lab?.name ?? '-'} × {v.qty}
          </p>
          <p className="text-muted-foreground">
            {v.form_lab?.code}
            {v.price !== null && v.price !== undefined ? ` · ${formatRupiah(v.price)}` : ''}
            {v.note ? ` · ${v.note}` : ''}
          </p>
        </div>
      );
    case 'alergi':
      return (
        <p className="text-sm">
          <span className="font-medium">{v.allergen}</span>
          {v.note ? <span className="text-muted-foreground"> · {v.note}</span> : null}
        </p>
      );
    default:
      return (
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium">
            {v.item?.name ?? '-'} × {v.qty} {v.item?.unit}
          </p>
          {kind === 'resep' && v.signa ? <p className="text-muted-foreground">S. {v.signa}</p> : null}
          {kind === 'resep' && v.allergy_override ? (
            <p className="text-xs font-medium text-destructive" data-testid="resep-allergy-override">
              Diresepkan meski alergi: {v.allergy_override} ({v.created_by?.name ?? '-'})
            </p>
          ) : null}
        </div>
      );
  }
}

/** Who wrote this version, when, and why (corrections and voids). */
export function VersionMeta({ v, timeZone }: { v: RmVersionDto; timeZone: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      {RM_VERSION_ACTION_LABEL[v.action]} oleh {v.created_by?.name ?? '-'}, {formatDateTime(v.created_at, timeZone)}
      {v.reason ? ` · Alasan: ${v.reason}` : ''}
    </p>
  );
}

/** An entry: its current version; a voided one struck through with the reason. */
export function EntryCard({
  entry,
  timeZone,
  actions,
}: {
  entry: RmEntryDto;
  timeZone: string;
  actions?: React.ReactNode;
}) {
  return (
    <div
      className={cn('grid gap-1 rounded-md border p-3', entry.voided && 'bg-muted/50')}
      data-testid={`rm-entry-${entry.kind}`}
      data-voided={entry.voided ? '1' : '0'}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className={cn('min-w-0 flex-1', entry.voided && 'line-through decoration-destructive/70')}>
          <VersionContent kind={entry.kind} v={entry.current} />
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {entry.voided ? <Badge variant="destructive">Dibatalkan</Badge> : null}
          {entry.version > 1 && !entry.voided ? <Badge variant="outline">Diperbaiki (v{entry.version})</Badge> : null}
          {actions}
        </div>
      </div>
      <VersionMeta v={entry.current} timeZone={timeZone} />
    </div>
  );
}
