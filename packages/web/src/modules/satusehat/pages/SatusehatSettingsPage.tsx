import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  SATUSEHAT_ENVIRONMENT_LABELS,
  satusehatSettingInput,
  type ErrorItem,
  type SatusehatConnectionTestDto,
  type SatusehatSettingDto,
  type SatusehatSettingInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../components/PageHeader';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { tokenText } from '../lib';

type Values = Record<keyof SatusehatSettingInput, string>;
const resolver = zodResolver(satusehatSettingInput) as unknown as Resolver<Values, unknown, SatusehatSettingInput>;

const TEXT_FIELDS: [keyof Values, string][] = [
  ['organization_id', 'Organization ID'],
  ['client_id', 'Client ID'],
  ['province_code', 'Kode provinsi'],
  ['city_code', 'Kode kabupaten/kota'],
  ['district_code', 'Kode kecamatan'],
  ['village_code', 'Kode desa/kelurahan'],
  ['postal_code', 'Kode pos'],
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
];

function valuesOf(s: SatusehatSettingDto | undefined): Values {
  const v = (x: string | number | null | undefined) => (x === null || x === undefined ? '' : String(x));
  return {
    organization_id: v(s?.organization_id),
    client_id: v(s?.client_id),
    client_secret: '',
    environment: s?.environment ?? 'development',
    province_code: v(s?.province_code),
    city_code: v(s?.city_code),
    district_code: v(s?.district_code),
    village_code: v(s?.village_code),
    postal_code: v(s?.postal_code),
    latitude: v(s?.latitude),
    longitude: v(s?.longitude),
  };
}

/**
 * /backoffice/satusehat/settings (issue 31 item 1): a branch's Organization ID, credentials (the secret is never
 * shown: only whether one is stored), environment, facility address codes and coordinates, and 'Tes koneksi'.
 */
export default function SatusehatSettingsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  // The current branch's settings (another branch's are changed from inside it: switch branch first).
  const list = useQuery({ ...trpc.satusehat.settings.queryOptions({}), meta: { inlineErrors: true } });
  const rows = list.data ?? [];
  const current = rows.find((r) => r.profile_id === me.profile_id) ?? rows[0];
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [tested, setTested] = React.useState<SatusehatConnectionTestDto | null>(null);
  const form = useForm<Values, unknown, SatusehatSettingInput>({ resolver, defaultValues: valuesOf(undefined) });
  const { register, control, handleSubmit, reset, formState } = form;
  // The form is filled from the branch's stored settings when they first load and again after a save, not on
  // every refetch: 'Tes koneksi' refreshes them (token health), which must keep its result and the form as typed.
  const loaded = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (!current || loaded.current === current.profile_id) return;
    loaded.current = current.profile_id;
    reset(valuesOf(current));
    setTested(null);
    setServerErrors([]);
  }, [current, reset]);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.satusehat.settings.queryKey() });
  const save = useMutation(
    trpc.satusehat.saveSettings.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        toast.success('Pengaturan SATUSEHAT disimpan');
        loaded.current = null;
        await refresh();
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const test = useMutation(
    trpc.satusehat.testConnection.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (r) => {
        setTested(r);
        await refresh();
      },
      onError: (e) => setServerErrors(errorItems(e)),
    }),
  );
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    if (current) save.mutate({ id: current.profile_id, data });
  });
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Pengaturan SATUSEHAT" />
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      {current ? (
        <Card>
          <CardHeader>
            <CardTitle>{current.profile_name}</CardTitle>
            <CardDescription data-testid="ss-token-health">
              {current.configured
                ? tokenText(current.token)
                : 'Belum diatur: cabang ini belum mengirim data ke SATUSEHAT'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
              {TEXT_FIELDS.slice(0, 2).map(([name, label]) => (
                <FormField key={name} label={label} htmlFor={`ss-${name}`} error={formState.errors[name]}>
                  <Input id={`ss-${name}`} autoComplete="off" {...register(name)} />
                </FormField>
              ))}
              <FormField label="Client secret" htmlFor="ss-client_secret" error={formState.errors.client_secret}>
                <Input
                  id="ss-client_secret"
                  type="password"
                  autoComplete="new-password"
                  placeholder={current.has_secret ? 'Tersimpan (kosongkan bila tidak diganti)' : ''}
                  {...register('client_secret')}
                />
              </FormField>
              <FormField label="Lingkungan" htmlFor="ss-environment" error={formState.errors.environment}>
                <Controller
                  control={control}
                  name="environment"
                  render={({ field }) => (
                    <OptionSelect
                      id="ss-environment"
                      value={field.value}
                      onValueChange={field.onChange}
                      options={SATUSEHAT_ENVIRONMENT_LABELS}
                    />
                  )}
                />
              </FormField>
              {TEXT_FIELDS.slice(2).map(([name, label]) => (
                <FormField key={name} label={label} htmlFor={`ss-${name}`} error={formState.errors[name]}>
                  <Input id={`ss-${name}`} inputMode="decimal" autoComplete="off" {...register(name)} />
                </FormField>
              ))}
              <div className="sm:col-span-2">
                <ErrorList items={serverErrors} />
              </div>
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button type="submit" disabled={save.isPending}>
                  Simpan
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={!current.configured || test.isPending}
                  onClick={() => test.mutate({ id: current.profile_id })}
                >
                  Tes koneksi
                </Button>
              </div>
              {tested ? (
                <p
                  role="status"
                  data-testid="ss-test-result"
                  className={
                    tested.ok ? 'text-sm text-success sm:col-span-2' : 'text-sm text-destructive sm:col-span-2'
                  }
                >
                  {tested.ok ? 'Koneksi berhasil' : 'Koneksi gagal'}: {tested.message}
                </p>
              ) : null}
            </form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
