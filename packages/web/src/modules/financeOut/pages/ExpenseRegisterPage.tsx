import * as React from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPENSE_PARTY_LABELS,
  EXPENSE_PARTY_TYPES,
  EXPENSE_PROOF_ACCEPT,
  expenseInput,
  formatRupiah,
  parseRupiah,
  type ErrorItem,
  type ExpenseOutcome,
  type ExpensePartyType,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { newIdempotencyKey, selectClass, uploadExpenseProof, useHutangManage } from '../lib';

interface Values {
  category: string;
  date: string;
  amount: string;
  /** 'method': paid now from cash or bank; 'party': owed to a party (a payable item, paid later in Transaksi Hutang). */
  mode: 'method' | 'party';
  method: string;
  party_type: string;
  party: string;
  memo: string;
}

/**
 * /finance/hutang/dokter 'Daftarkan Pengeluaran': an expense paid from a cash or bank method, or owed to a party
 * (vendor, laboratorium, rumah sakit, dokter, investor, pegawai: the payables sub-ledger opens its item), with its proof.
 */
export default function ExpenseRegisterPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const manage = useHutangManage();
  const categories = useQuery(trpc.expenses.categories.queryOptions({ status: 1 }));
  const methods = useQuery(trpc.finance.paymentMethod.list.queryOptions({ status: 1 }));
  const setting = useQuery(trpc.expenses.setting.queryOptions());
  const [partyType, setPartyType] = React.useState<ExpensePartyType | ''>('');
  const parties = useQuery({
    ...trpc.expenses.parties.queryOptions({ party_type: partyType as ExpensePartyType }),
    enabled: partyType !== '',
  });
  const blank: Values = {
    category: '',
    date: today,
    amount: '',
    mode: 'method',
    method: '',
    party_type: '',
    party: '',
    memo: '',
  };
  const [v, setV] = React.useState<Values>(blank);
  const [file, setFile] = React.useState<File | null>(null);
  const [proof, setProof] = React.useState<{ id: number; name: string } | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [done, setDone] = React.useState<ExpenseOutcome | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setV((old) => ({ ...old, [k]: e.target.value }));
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;

  const create = useMutation(
    trpc.expenses.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (out) => {
        setDone(out);
        setV(blank);
        setPartyType('');
        setFile(null);
        setProof(null);
        if (fileRef.current) fileRef.current.value = '';
        setKey(newIdempotencyKey());
        await qc.invalidateQueries({ queryKey: trpc.expenses.pathKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );

  const amount = parseRupiah(v.amount);
  const proofLimit = setting.data?.proof_limit ?? null;
  const approvalLimit = setting.data?.approval_limit ?? null;
  const needsProof = amount !== null && proofLimit !== null && amount > proofLimit;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setDone(null);
    let proofId = proof?.id ?? null;
    if (file && !proof) {
      setUploading(true);
      try {
        const up = await uploadExpenseProof(file);
        proofId = up.id;
        setProof({ id: up.id, name: file.name });
      } catch (err) {
        setErrors(errorItems(err).map((i) => ({ ...i, field: i.field ?? 'proof' })));
        return;
      } finally {
        setUploading(false);
      }
    }
    const input = {
      category: v.category ? Number(v.category) : undefined,
      date: v.date,
      amount: amount ?? Number.NaN,
      method: v.mode === 'method' && v.method ? Number(v.method) : null,
      ...(v.mode === 'party'
        ? { party_type: v.party_type || null, party: v.party ? Number(v.party) : null }
        : { party_type: null, party: null }),
      memo: v.memo,
      proof: proofId,
    };
    const parsed = expenseInput.safeParse(input);
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => ({ message: i.message, field: i.path.map(String).join('.') })));
      return;
    }
    setErrors([]);
    create.mutate({ ...parsed.data, idempotency_key: key });
  };

  if (!manage) return <p className="text-sm text-muted-foreground">Anda tidak berhak mendaftarkan pengeluaran.</p>;
  const busy = uploading || create.isPending;
  const general = errors.filter(
    (e) =>
      !e.field || !['category', 'date', 'amount', 'method', 'party_type', 'party', 'memo', 'proof'].includes(e.field),
  );
  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Daftarkan Pengeluaran"
        description={
          proofLimit !== null && approvalLimit !== null
            ? `Bukti wajib di atas ${formatRupiah(proofLimit)}; di atas ${formatRupiah(approvalLimit)} menunggu persetujuan orang kedua.`
            : undefined
        }
        actions={
          <Button asChild variant="outline">
            <Link to="/finance/hutang/customer">Kelola Pengeluaran</Link>
          </Button>
        }
      />
      {done ? (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {done.pending
            ? `Pengeluaran ${done.code} tersimpan dan menunggu persetujuan.`
            : `Pengeluaran ${done.code} tersimpan dan diposting (${done.journal?.code ?? ''}).`}
        </div>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate aria-label="Daftarkan Pengeluaran">
            <FormField label="Kategori" htmlFor="exp-category" error={fieldError('category')} required>
              <select id="exp-category" className={selectClass} value={v.category} onChange={set('category')}>
                <option value="">Pilih kategori</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.akun_code})
                  </option>
                ))}
              </select>
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Tanggal" htmlFor="exp-date" error={fieldError('date')} required>
                <Input id="exp-date" type="date" value={v.date} onChange={set('date')} />
              </FormField>
              <FormField label="Jumlah (Rp)" htmlFor="exp-amount" error={fieldError('amount')} required>
                <Input id="exp-amount" inputMode="decimal" value={v.amount} onChange={set('amount')} />
              </FormField>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Cara pembayaran</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                {(
                  [
                    ['method', 'Dibayar sekarang (kas/bank)'],
                    ['party', 'Dicatat sebagai hutang ke pihak'],
                  ] as const
                ).map(([mode, label]) => (
                  <label key={mode} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="exp-mode"
                      id={`exp-mode-${mode}`}
                      value={mode}
                      checked={v.mode === mode}
                      onChange={() => setV((old) => ({ ...old, mode }))}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {v.mode === 'method' ? (
              <FormField label="Dibayar dengan" htmlFor="exp-method" error={fieldError('method')} required>
                <select id="exp-method" className={selectClass} value={v.method} onChange={set('method')}>
                  <option value="">Pilih metode pembayaran</option>
                  {(methods.data ?? []).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </FormField>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Jenis Pihak" htmlFor="exp-party-type" error={fieldError('party_type')} required>
                  <select
                    id="exp-party-type"
                    className={selectClass}
                    value={v.party_type}
                    onChange={(e) => {
                      const type = e.target.value as ExpensePartyType | '';
                      setPartyType(type);
                      setV((old) => ({ ...old, party_type: type, party: '' }));
                    }}
                  >
                    <option value="">Pilih jenis pihak</option>
                    {EXPENSE_PARTY_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {EXPENSE_PARTY_LABELS[t]}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField
                  label="Pihak"
                  htmlFor="exp-party"
                  error={fieldError('party') ?? fieldError('method')}
                  required
                  description={
                    partyType && parties.data && !parties.data.length
                      ? `Belum ada ${EXPENSE_PARTY_LABELS[partyType].toLowerCase()} aktif di cabang ini`
                      : undefined
                  }
                >
                  <select
                    id="exp-party"
                    className={selectClass}
                    value={v.party}
                    onChange={set('party')}
                    disabled={!partyType || parties.isLoading}
                  >
                    <option value="">{parties.isLoading ? 'Memuat...' : 'Pilih pihak'}</option>
                    {(parties.data ?? []).map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </FormField>
              </div>
            )}
            <FormField label="Keterangan" htmlFor="exp-memo" error={fieldError('memo')} required>
              <Textarea id="exp-memo" rows={3} value={v.memo} onChange={set('memo')} />
            </FormField>
            <FormField
              label="Bukti (foto nota atau PDF)"
              htmlFor="exp-proof"
              error={fieldError('proof')}
              required={needsProof}
              description={proof ? `Terunggah: ${proof.name}` : 'Maksimal 10MB'}
            >
              <Input
                id="exp-proof"
                ref={fileRef}
                type="file"
                accept={EXPENSE_PROOF_ACCEPT}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setProof(null);
                }}
              />
            </FormField>
            <ErrorList items={general} />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                {busy ? 'Menyimpan...' : 'Simpan Pengeluaran'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
