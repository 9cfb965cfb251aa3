import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  REMINDER_GATEWAY_PROVIDER_LABEL,
  reminderGatewayInput,
  type ErrorItem,
  type ReminderGatewayDto,
  type ReminderGatewayInput,
  type ReminderGatewayProvider,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';

interface Values {
  enabled: boolean;
  provider: ReminderGatewayProvider;
  url: string;
  token_header: string;
  token: string;
}
/** The shared reminderGatewayInput (it trims what was typed) on the form's string fields. */
const resolver = zodResolver(reminderGatewayInput) as unknown as Resolver<Values, unknown, ReminderGatewayInput>;

const toValues = (g: ReminderGatewayDto | null): Values => ({
  enabled: g?.enabled ?? false,
  provider: g?.provider ?? 'webhook',
  url: g?.url ?? '',
  token_header: g?.token_header ?? 'Authorization',
  token: '',
});

/**
 * 'Gateway WhatsApp/SMS' on the reminder page (manager and top-level users only; the page shows it to them alone):
 * a generic webhook (URL, token header, token). The stored token is never shown back, only masked; a blank token
 * keeps it. While the gateway is off, the page's WhatsApp links are the way to remind.
 */
export function GatewaySettings() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery({ ...trpc.reservations.gateway.queryOptions({}), meta: { inlineErrors: true } });
  const current = q.data?.data ?? null;
  const [open, setOpen] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, ReminderGatewayInput>({
    resolver,
    defaultValues: toValues(null),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    if (q.data) reset(toValues(q.data.data));
  }, [q.data, reset]);
  const save = useMutation(
    trpc.reservations.saveGateway.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (g) => {
        toast.success(g.enabled ? 'Gateway pengingat disimpan dan aktif' : 'Gateway pengingat disimpan (tidak aktif)');
        await qc.invalidateQueries({ queryKey: trpc.reservations.gateway.queryKey() });
        await qc.invalidateQueries({ queryKey: trpc.reservations.reminders.queryKey() });
        setOpen(false);
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    save.mutate(data);
  });
  const status = q.isPending
    ? 'Memuat...'
    : current
      ? current.enabled
        ? `Aktif: ${current.url}`
        : 'Tersimpan, tidak aktif'
      : 'Belum diatur: pengingat dikirim lewat tautan WhatsApp';
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Gateway WhatsApp/SMS</CardTitle>
          <CardDescription>{status}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Tutup' : 'Atur Gateway'}
        </Button>
      </CardHeader>
      {q.error ? (
        <CardContent>
          <ErrorList items={errorItems(q.error)} />
        </CardContent>
      ) : null}
      {open ? (
        <CardContent>
          <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
            <FormField label="Aktif" htmlFor="gateway-enabled" error={errors.enabled}>
              <Controller
                control={control}
                name="enabled"
                render={({ field }) => (
                  <Switch id="gateway-enabled" checked={field.value} onCheckedChange={field.onChange} />
                )}
              />
            </FormField>
            <FormField label="Jenis Gateway" htmlFor="gateway-provider" error={errors.provider}>
              <Controller
                control={control}
                name="provider"
                render={({ field }) => (
                  <OptionSelect
                    id="gateway-provider"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={REMINDER_GATEWAY_PROVIDER_LABEL}
                  />
                )}
              />
            </FormField>
            <FormField
              label="URL Gateway"
              htmlFor="gateway-url"
              error={errors.url}
              required
              className="sm:col-span-2"
              description="Dikirim POST JSON { target, message }, misalnya https://api.fonnte.com/send"
            >
              <Input id="gateway-url" placeholder="https://..." autoComplete="off" {...register('url')} />
            </FormField>
            <FormField label="Nama Header Token" htmlFor="gateway-token-header" error={errors.token_header} required>
              <Input id="gateway-token-header" autoComplete="off" {...register('token_header')} />
            </FormField>
            <FormField
              label="Token"
              htmlFor="gateway-token"
              error={errors.token}
              description={
                current?.token_set
                  ? `Tersimpan (${current.token_masked}); kosongkan untuk tetap memakai token ini`
                  : 'Token dari penyedia gateway'
              }
            >
              <Input id="gateway-token" type="password" autoComplete="new-password" {...register('token')} />
            </FormField>
            <div className="sm:col-span-2">
              <ErrorList items={serverErrors} />
            </div>
            <div className="flex justify-end gap-2 sm:col-span-2">
              <Button type="button" variant="outline" onClick={() => (reset(toValues(current)), setOpen(false))}>
                Batal
              </Button>
              <Button type="submit" disabled={save.isPending}>
                Simpan
              </Button>
            </div>
          </form>
        </CardContent>
      ) : null}
    </Card>
  );
}
