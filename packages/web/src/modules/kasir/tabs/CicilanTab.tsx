import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  cicilanPayInput,
  formatDate,
  formatRupiah,
  type CicilanDueDto,
  type CicilanPayInput,
  type PaymentResultDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { patientColumn } from '../../../components/patient-column';
import { ListWithDetail } from '../components/ListWithDetail';
import { KeywordField } from '../../../components/FilterFields';
import { newIdempotencyKey } from '../../../lib/api';
import type { Column } from '../../../components/DataTable';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import {
  PaymentPanel,
  tenderIssues,
  tenderRowError,
  tendersOf,
  unplacedErrors,
  type TenderRow,
} from '../components/PaymentPanel';
import { fieldOf, MoneyInput } from '../components/MoneyInput';
import { PaidCard } from '../components/Receipts';

interface CicilanValues {
  amount: string;
  rows: TenderRow[];
}
type CicilanBody = Omit<CicilanPayInput, 'membership'>;

/**
 * The shared cicilanPayInput (the registration comes from the row chosen) over the amount and the tender rows sent
 * (rows left empty are not); an issue of a sent tender lands on the row it came from.
 */
const cicilanResolver: Resolver<CicilanValues, unknown, CicilanBody> = (values, _ctx, options) => {
  const parsed = cicilanPayInput.omit({ membership: true }).safeParse({
    amount: values.amount === '' ? undefined : Number(values.amount),
    payments: tendersOf(values.rows),
  });
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: toNestErrors(tenderIssues(parsed.error.issues, values.rows), options) };
};

function CicilanForm({ m, onDone }: { m: CicilanDueDto; onDone: () => void }) {
  const form = useForm<CicilanValues, unknown, CicilanBody>({
    resolver: cicilanResolver,
    defaultValues: { amount: String(m.due_now), rows: [{ method: '', amount: '' }] },
  });
  const { control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const [key] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaymentResultDto | null>(null);
  const trpc = useTRPC();
  const pay = useMutation({
    ...trpc.kasir.payCicilan.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (r) => {
      setResult(r);
      onDone();
    },
  });
  const errs = errorItems(pay.error);
  const amount = useWatch({ control, name: 'amount' });
  const rowError = tenderRowError(errors.rows, errs);
  if (result) return <PaidCard r={result} />;
  return (
    <form
      className="grid gap-3 md:grid-cols-2"
      data-testid="cicilan-form"
      noValidate
      onSubmit={(e) =>
        void handleSubmit((data) => pay.mutate({ ...data, membership: m.membership, idempotency_key: key }))(e)
      }
    >
      <div className="grid content-start gap-2 text-sm">
        <p>
          <b>{m.customer.name}</b> · {m.code} · {m.paketname}
        </p>
        <table className="w-full text-xs">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th>Pembayaran</th>
              <th>Jatuh Tempo</th>
              <th className="text-right">Jumlah</th>
              <th className="text-right">Dibayar</th>
            </tr>
          </thead>
          <tbody>
            {m.cicilan.map((c) => (
              <tr key={c.seq}>
                <td>{c.seq === 0 ? 'Uang Muka' : `Cicilan ke-${c.seq}`}</td>
                <td>{formatDate(c.due_date)}</td>
                <td className="text-right tabular-nums">{formatRupiah(c.amount)}</td>
                <td className="text-right tabular-nums">{formatRupiah(c.paid_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Sisa tagihan: <b>{formatRupiah(m.outstanding)}</b>
        </p>
        <FormField
          label="Jumlah Dibayar"
          htmlFor="cicilan-amount"
          error={errors.amount?.message ?? fieldOf(errs)('amount')}
        >
          <MoneyInput control={control} name="amount" id="cicilan-amount" />
        </FormField>
      </div>
      <div className="grid content-start gap-2">
        <Controller
          control={control}
          name="rows"
          render={({ field }) => (
            <PaymentPanel
              due={Number(amount || 0)}
              rows={field.value}
              onChange={field.onChange}
              fieldError={rowError}
            />
          )}
        />
        {errors.rows?.message ? <ErrorList items={[{ message: errors.rows.message }]} /> : null}
        <ErrorList items={unplacedErrors(errs, /^amount$/)} />
        <Button type="submit" disabled={pay.isPending}>
          Bayar Cicilan
        </Button>
      </div>
    </form>
  );
}

/** 'Cicilan Paket': package registrations with instalments still owed, and the payment of the next one. */
export function CicilanTab() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [keyword, setKeyword] = React.useState('');
  const [selected, setSelected] = React.useState<CicilanDueDto | null>(null);
  const q = useQuery({
    ...trpc.kasir.cicilanDue.queryOptions({ keyword: keyword.trim() || undefined }),
    meta: { inlineErrors: true },
  });
  const columns: Column<CicilanDueDto>[] = [
    patientColumn((r) => r.customer),
    {
      key: 'code',
      header: 'Registrasi',
      priority: 2,
      cell: (r) => <span className="font-mono text-xs">{r.code}</span>,
    },
    { key: 'paketname', header: 'Paket', priority: 3 },
    { key: 'next_due_date', header: 'Jatuh Tempo', kind: 'date', cell: (r) => formatDate(r.next_due_date) },
    { key: 'outstanding', header: 'Sisa', kind: 'number', cell: (r) => formatRupiah(r.outstanding) },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" onClick={() => setSelected(r)}>
          Bayar
        </Button>
      ),
    },
  ];
  return (
    <ListWithDetail
      filters={
        <KeywordField
          id="cicilan-keyword"
          label="Cari pasien"
          value={keyword}
          onChange={setKeyword}
          placeholder="Nama, NO RM., kode registrasi"
        />
      }
      error={q.error}
      table={{
        columns,
        rows: q.data,
        rowKey: (r) => r.membership,
        loading: q.isPending,
        emptyText: 'Tidak ada cicilan paket yang belum lunas',
      }}
      detail={{
        open: selected !== null,
        onClose: () => setSelected(null),
        title: 'Pembayaran Paket',
        description: 'Uang muka atau cicilan berikutnya; tidak boleh melebihi sisa tagihan.',
        content: selected ? (
          <CicilanForm
            key={selected.membership}
            m={selected}
            onDone={() => void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() })}
          />
        ) : null,
      }}
    />
  );
}
