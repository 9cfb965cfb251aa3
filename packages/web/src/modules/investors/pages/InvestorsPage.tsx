import * as React from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canFeature,
  INVESTOR_KIND_LABEL,
  INVESTOR_KINDS,
  type InvestorKind,
  INVESTOR_PARTY_TYPE_LABEL,
  investorInput,
  TAX_TREATMENT_LABEL,
  type ErrorItem,
  type InvestorDto,
  type InvestorInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { type Column } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { OptionSelect, ACTIVE_STATUS_OPTIONS } from '../../../components/OptionSelect';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type Values = Record<
  | 'kind'
  | 'party_type'
  | 'name'
  | 'nik'
  | 'npwp'
  | 'country'
  | 'address'
  | 'phone'
  | 'bank_name'
  | 'bank_account'
  | 'bank_holder'
  | 'tax_treatment'
  | 'status',
  string
>;
const blank: Values = {
  kind: 'investor',
  party_type: 'individual',
  name: '',
  nik: '',
  npwp: '',
  country: '',
  address: '',
  phone: '',
  bank_name: '',
  bank_account: '',
  bank_holder: '',
  tax_treatment: 'dividend',
  status: '1',
};
const toValues = (r: InvestorDto | null): Values =>
  r
    ? {
        kind: r.kind,
        party_type: r.party_type,
        name: r.name,
        nik: r.nik ?? '',
        npwp: r.npwp ?? '',
        country: r.country ?? '',
        address: r.address ?? '',
        phone: r.phone ?? '',
        bank_name: r.bank_name ?? '',
        bank_account: r.bank_account ?? '',
        bank_holder: r.bank_holder ?? '',
        tax_treatment: r.tax_treatment,
        status: String(r.status),
      }
    : blank;

const resolver: Resolver<Values, unknown, InvestorInput> = zodResolver(investorInput) as unknown as Resolver<
  Values,
  unknown,
  InvestorInput
>;

const COLUMNS: Column<InvestorDto>[] = [
  { key: 'name', header: 'Nama', cell: (r) => r.name },
  { key: 'kind', header: 'Jenis', cell: (r) => INVESTOR_KIND_LABEL[r.kind] },
  { key: 'party_type', header: 'Tipe', cell: (r) => INVESTOR_PARTY_TYPE_LABEL[r.party_type] },
  { key: 'tax', header: 'Perlakuan Pajak', cell: (r) => TAX_TREATMENT_LABEL[r.tax_treatment] },
  { key: 'id', header: 'NIK / NPWP', cell: (r) => r.npwp ?? r.nik ?? (r.country ? `LN: ${r.country}` : '-') },
  { key: 'bank', header: 'Rekening', cell: (r) => (r.bank_account ? `${r.bank_name ?? ''} ${r.bank_account}` : '-') },
  { key: 'status', header: 'Status', cell: (r) => (r.status === 1 ? 'Aktif' : 'Tidak Aktif') },
];

const KIND_FILTER = [
  ['semua', 'Semua jenis'],
  ...INVESTOR_KINDS.map((k) => [k, INVESTOR_KIND_LABEL[k]] as const),
] as const;

/**
 * /finance/master/investor: investors, hospitals, laboratories and equipment partners of the branch. `?kind=` filters
 * one kind (the outside laboratories and hospitals the lab forms are sent to: the payables' party pages link here).
 */
export default function InvestorsPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = (INVESTOR_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as InvestorKind)
    : undefined;
  const qc = useQueryClient();
  const manage = canFeature(useSession(), 'FINANCE_SHARING', 'manage');
  const { page, size, setPage, pagination } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword.trim());
  const query = useQuery({
    ...trpc.investors.list.queryOptions({ page, limit: size, keyword: kw || undefined, kind }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const [editing, setEditing] = React.useState<InvestorDto | null>(null);
  const [open, setOpen] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, InvestorInput>({ resolver, defaultValues: blank, mode: 'onTouched' });
  const { register, control, handleSubmit, reset, formState, watch } = form;
  const errors = formState.errors;
  const onError = (e: unknown) => setServerErrors(applyServerErrors(form, errorItems(e)));
  const done = async () => {
    await qc.invalidateQueries({ queryKey: trpc.investors.pathKey() });
    setOpen(false);
  };
  const create = useMutation(
    trpc.investors.create.mutationOptions({ meta: { inlineErrors: true }, onSuccess: done, onError }),
  );
  const update = useMutation(
    trpc.investors.update.mutationOptions({ meta: { inlineErrors: true }, onSuccess: done, onError }),
  );
  const edit = (r: InvestorDto | null) => {
    setEditing(r);
    setServerErrors([]);
    reset(r ? toValues(r) : { ...blank, kind: kind ?? blank.kind });
    setOpen(true);
  };
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    if (editing) update.mutate({ id: editing.id, data: { ...data, user: editing.user } });
    else create.mutate(data);
  });
  const busy = create.isPending || update.isPending;
  const foreign = watch('party_type') === 'foreign';
  const columns: Column<InvestorDto>[] = manage
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: '',
          kind: 'action',
          cell: (r) => (
            <Button size="sm" variant="outline" onClick={() => edit(r)}>
              Ubah
            </Button>
          ),
        },
      ]
    : COLUMNS;
  const select = (
    name: keyof Values,
    id: string,
    options: Readonly<Record<string, string>> | typeof ACTIVE_STATUS_OPTIONS,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <OptionSelect id={id} value={field.value} onValueChange={field.onChange} options={options} />
      )}
    />
  );
  const text = (name: keyof Values, label: string, required = false, inputMode?: 'numeric' | 'tel') => (
    <FormField label={label} htmlFor={`inv-${name}`} error={errors[name]} required={required}>
      <Input id={`inv-${name}`} inputMode={inputMode} aria-invalid={!!errors[name]} {...register(name)} />
    </FormField>
  );
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Investor & Rumah Sakit"
        description="Investor, rumah sakit, laboratorium dan mitra alat yang menerima bagi hasil dari cabang ini."
        actions={manage ? <Button onClick={() => edit(null)}>Investor Baru</Button> : null}
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          wrapperClassName="sm:max-w-sm"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          placeholder="Cari nama..."
          aria-label="Cari nama"
        />
        <div className="grid w-full gap-1 sm:w-52">
          <label htmlFor="inv-filter-kind" className="text-sm font-medium">
            Jenis
          </label>
          <OptionSelect
            id="inv-filter-kind"
            value={kind ?? 'semua'}
            onValueChange={(v) => {
              setParams(v === 'semua' ? {} : { kind: v }, { replace: true });
              setPage(1);
            }}
            options={KIND_FILTER}
          />
        </div>
      </div>
      <PagedQueryTable query={query} pagination={pagination} columns={columns} />
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
          <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
            <DialogHeader>
              <DialogTitle>{editing ? 'Ubah Investor' : 'Investor Baru'}</DialogTitle>
            </DialogHeader>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Jenis" htmlFor="inv-kind" error={errors.kind} required>
                {select('kind', 'inv-kind', INVESTOR_KIND_LABEL)}
              </FormField>
              <FormField label="Tipe pihak" htmlFor="inv-party_type" error={errors.party_type} required>
                {select('party_type', 'inv-party_type', INVESTOR_PARTY_TYPE_LABEL)}
              </FormField>
            </div>
            {text('name', 'Nama', true)}
            {foreign ? (
              text('country', 'Negara', true)
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                {text('nik', 'NIK', false, 'numeric')}
                {text('npwp', 'NPWP', false, 'numeric')}
              </div>
            )}
            <FormField label="Perlakuan pajak" htmlFor="inv-tax_treatment" error={errors.tax_treatment} required>
              {select('tax_treatment', 'inv-tax_treatment', TAX_TREATMENT_LABEL)}
            </FormField>
            {text('address', 'Alamat')}
            {text('phone', 'Telepon', false, 'tel')}
            <div className="grid gap-3 sm:grid-cols-2">
              {text('bank_name', 'Bank')}
              {text('bank_account', 'Nomor rekening', false, 'numeric')}
            </div>
            {text('bank_holder', 'Atas nama rekening')}
            <FormField label="Status" htmlFor="inv-status" error={errors.status}>
              {select('status', 'inv-status', ACTIVE_STATUS_OPTIONS)}
            </FormField>
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={busy} onCancel={() => setOpen(false)} submitTestId="investor-save" />
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
