import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, SHARING_BASES, type SharingOptionsDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { OptionSelect } from '../../../components/OptionSelect';
import { ruleValue, ruleWho } from '../lib';

const NONE = 'none';

/** 'Aturan yang berlaku': for a doctor, a treatment and a date, the rule that applies, why, and the others considered. */
export function ResolvePanel({ options, today }: { options: SharingOptionsDto | undefined; today: string }) {
  const trpc = useTRPC();
  const [doctor, setDoctor] = React.useState(NONE);
  const [perawatan, setPerawatan] = React.useState(NONE);
  const [date, setDate] = React.useState(today);
  const ready = doctor !== NONE && perawatan !== NONE && !!date;
  const q = useQuery({
    ...trpc.sharing.resolve.queryOptions({ doctor: Number(doctor), perawatan: Number(perawatan), date }),
    enabled: ready,
    meta: { inlineErrors: true },
  });
  const pick = (label: string) => [[NONE, label]] as [string, string][];
  return (
    <Card data-testid="sharing-resolve">
      <CardHeader>
        <CardTitle>Aturan yang Berlaku</CardTitle>
        <CardDescription>
          Pilih dokter, tindakan dan tanggal untuk melihat aturan yang dipakai dan alasannya.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label="Dokter" htmlFor="resolve-doctor">
            <OptionSelect
              id="resolve-doctor"
              value={doctor}
              onValueChange={setDoctor}
              options={[
                ...pick('Pilih dokter'),
                ...(options?.doctors ?? []).map((d) => [String(d.id), d.name] as [string, string]),
              ]}
            />
          </FormField>
          <FormField label="Tindakan" htmlFor="resolve-perawatan">
            <OptionSelect
              id="resolve-perawatan"
              value={perawatan}
              onValueChange={setPerawatan}
              options={[
                ...pick('Pilih tindakan'),
                ...(options?.perawatan ?? []).map((p) => [String(p.id), p.name] as [string, string]),
              ]}
            />
          </FormField>
          <FormField label="Tanggal" htmlFor="resolve-date">
            <DateInput id="resolve-date" value={date} onChange={setDate} />
          </FormField>
        </div>
        {!ready ? null : q.isLoading ? (
          <p className="text-sm text-muted-foreground">Memuat…</p>
        ) : q.isError ? (
          <ErrorList items={errorItems(q.error)} />
        ) : q.data ? (
          <div className="grid gap-2" aria-live="polite">
            <p className="text-sm font-medium" data-testid="sharing-resolve-reason">
              {q.data.reason}
            </p>
            {q.data.rule ? (
              <p className="text-sm">
                {ruleValue(q.data.rule)} dari {SHARING_BASES[q.data.rule.basis].toLowerCase()}
                {q.data.rule.min_fee != null ? `, minimum Rp${q.data.rule.min_fee.toLocaleString('id-ID')}` : ''}
              </p>
            ) : null}
            {q.data.candidates.length ? (
              <ul className="grid gap-1 text-sm">
                {q.data.candidates.map((c) => (
                  <li key={c.rule.id} className={c.chosen ? 'font-medium' : 'text-muted-foreground'}>
                    #{c.rule.id} {ruleWho(c.rule)}: {ruleValue(c.rule)} (mulai {formatDate(c.rule.effective_from)}) —{' '}
                    {c.why}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
