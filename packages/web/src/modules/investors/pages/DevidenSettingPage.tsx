import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canFeature,
  DEVIDEN_BASIS_LABEL,
  devidenSettingInput,
  formatDate,
  formatRupiah,
  type DevidenSettingDto,
  type DevidenSettingInput,
  type ErrorItem,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { OptionSelect } from '../../../components/OptionSelect';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { DevidenRuns } from '../components/DevidenRuns';

type Values = Record<
  'investor' | 'basis' | 'perawatan' | 'percent' | 'amount' | 'effective_from' | 'effective_to' | 'note',
  string
>;
const blank = (today: string): Values => ({
  investor: '',
  basis: 'profit',
  perawatan: '',
  percent: '',
  amount: '',
  effective_from: today,
  effective_to: '',
  note: '',
});
const num = (v: string) => (v.trim() === '' ? undefined : Number(v.trim().replace(/\./g, '').replace(',', '.')));
/** The shared schema on what was typed (numbers with a decimal comma, empty = absent). */
const resolver: Resolver<Values, unknown, DevidenSettingInput> = (values, ctx, options) =>
  (zodResolver(devidenSettingInput) as unknown as Resolver<Values, unknown, DevidenSettingInput>)(
    {
      ...values,
      investor: values.investor === '' ? undefined : Number(values.investor),
      perawatan: values.perawatan === '' ? undefined : Number(values.perawatan),
      percent: values.percent.trim() === '' ? undefined : Number(values.percent.trim().replace(',', '.')),
      amount: num(values.amount),
    } as unknown as Values,
    ctx,
    options,
  );

const shareOf = (s: DevidenSettingDto) =>
  s.amount !== null ? `${formatRupiah(s.amount)} / tindakan` : `${String(s.percent).replace('.', ',')}%`;

const COLUMNS: Column<DevidenSettingDto>[] = [
  { key: 'investor', header: 'Investor', cell: (s) => s.investor_name },
  {
    key: 'basis',
    header: 'Dasar',
    cell: (s) => (s.basis === 'procedure' ? `Per tindakan: ${s.perawatan_name ?? '-'}` : DEVIDEN_BASIS_LABEL[s.basis]),
  },
  { key: 'share', header: 'Bagian', kind: 'number', cell: shareOf },
  {
    key: 'dates',
    header: 'Berlaku',
    className: 'whitespace-nowrap',
    cell: (s) => `${formatDate(s.effective_from)} - ${s.effective_to ? formatDate(s.effective_to) : 'seterusnya'}`,
  },
];

/** /finance/master/devidensetting: investors' shares per branch and the monthly distribution runs. */
export default function DevidenSettingPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const manage = canFeature(useSession(), 'FINANCE_SHARING', 'manage');
  const list = useQuery({ ...trpc.investors.settings.queryOptions({}), meta: { inlineErrors: true } });
  const investors = useQuery({
    ...trpc.investors.list.queryOptions({ page: 1, limit: 50 }),
    meta: { silent: true },
  });
  const tindakan = useQuery({
    ...trpc.masters.tindakan.list.queryOptions({ page: 1, limit: 500, status: 1 }),
    meta: { silent: true },
  });
  const [open, setOpen] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, DevidenSettingInput>({
    resolver,
    defaultValues: blank(today),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState, watch } = form;
  const errors = formState.errors;
  const create = useMutation(
    trpc.investors.createSetting.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: trpc.investors.pathKey() });
        setOpen(false);
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    create.mutate(data);
  });
  const procedure = watch('basis') === 'procedure';
  const investorOptions = Object.fromEntries(
    (investors.data?.data ?? []).filter((i) => i.status === 1).map((i) => [String(i.id), i.name]),
  );
  const tindakanOptions = Object.fromEntries(
    (tindakan.data?.data ?? []).map((t) => [String(t.id), `${t.code} ${t.name}`]),
  );
  const text = (name: keyof Values, label: string, type = 'text', inputMode?: 'decimal' | 'numeric') => (
    <FormField label={label} htmlFor={`dev-${name}`} error={errors[name]}>
      <Input id={`dev-${name}`} type={type} inputMode={inputMode} aria-invalid={!!errors[name]} {...register(name)} />
    </FormField>
  );
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Setting Deviden"
        description="Bagian investor dari laba atau pendapatan cabang, atau per tindakan medis (mitra alat)."
        actions={
          manage ? (
            <Button
              onClick={() => {
                reset(blank(today));
                setServerErrors([]);
                setOpen(true);
              }}
            >
              Setting Baru
            </Button>
          ) : null
        }
      />
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={COLUMNS}
        rows={list.data}
        rowKey={(s) => s.id}
        loading={list.isPending}
        emptyText="Belum ada setting deviden"
      />
      <DevidenRuns manage={manage} />
      <Dialog open={open} onOpenChange={(o) => !create.isPending && setOpen(o)}>
        <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
          <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
            <DialogHeader>
              <DialogTitle>Setting Deviden Baru</DialogTitle>
            </DialogHeader>
            <FormField label="Investor" htmlFor="dev-investor" error={errors.investor} required>
              <Controller
                control={control}
                name="investor"
                render={({ field }) => (
                  <OptionSelect
                    id="dev-investor"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={investorOptions}
                  />
                )}
              />
            </FormField>
            <FormField label="Dasar pembagian" htmlFor="dev-basis" error={errors.basis} required>
              <Controller
                control={control}
                name="basis"
                render={({ field }) => (
                  <OptionSelect
                    id="dev-basis"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={DEVIDEN_BASIS_LABEL}
                  />
                )}
              />
            </FormField>
            {procedure ? (
              <FormField label="Tindakan medis" htmlFor="dev-perawatan" error={errors.perawatan} required>
                <Controller
                  control={control}
                  name="perawatan"
                  render={({ field }) => (
                    <OptionSelect
                      id="dev-perawatan"
                      value={field.value}
                      onValueChange={field.onChange}
                      options={tindakanOptions}
                    />
                  )}
                />
              </FormField>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {text('percent', 'Persentase (%)', 'text', 'decimal')}
              {procedure ? text('amount', 'Nominal per tindakan (Rp)', 'text', 'numeric') : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {text('effective_from', 'Berlaku mulai', 'date')}
              {text('effective_to', 'Berlaku sampai', 'date')}
            </div>
            {text('note', 'Catatan')}
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={create.isPending} onCancel={() => setOpen(false)} submitTestId="deviden-save" />
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
