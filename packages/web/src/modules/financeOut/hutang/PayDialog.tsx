import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bpToPercent,
  formatDate,
  formatNumber,
  formatRupiah,
  fromSen,
  hutangPaymentInput,
  parseRupiah,
  proposeWithholding,
  toSen,
  WITHHOLDING_TAX_LABEL,
  type ErrorItem,
  type HutangItemDto,
  type PartyType,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { newIdempotencyKey } from '../lib';
import { namedOptions, NativeSelect, PAYABLE_PARTY_OPTIONS, partyOptions } from '../NativeSelect';
import { isParty, partiesOf, partyKey, type PartyRef } from './party';

interface PaidResult {
  code: string;
  total: number;
  withheld: number;
  journal: string | null;
}

/**
 * 'Bayar Hutang': one payment of one party's open items (POST /api/finance/hutang/payments). The party type and
 * party are chosen here or given (a party page); every open item can be ticked and paid in full or in part, never
 * above its outstanding. One Idempotency-Key per opening of the dialog: a double click or a retry pays once. The
 * withholding is proposed from the party's tax treatment (`proposeWithholding`, the server's rule: PPh 23 2% of a
 * service, 4% without NPWP; nothing on goods or on items whose run withheld already); the user may change it.
 */
export function PayDialog({
  open,
  onOpenChange,
  party,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A fixed party (a party page); without it the dialog asks for the type and the party. */
  party?: PartyRef | null;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [type, setType] = React.useState<PartyType>(party?.type ?? 'vendor');
  const [chosen, setChosen] = React.useState('');
  const [amounts, setAmounts] = React.useState<Record<number, string>>({});
  const [method, setMethod] = React.useState('');
  const [date, setDate] = React.useState(today);
  const [memo, setMemo] = React.useState('');
  const [withheld, setWithheld] = React.useState('');
  /** The user typed the withholding: it is no longer the proposal. */
  const [withheldTyped, setWithheldTyped] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [result, setResult] = React.useState<PaidResult | null>(null);

  // A new opening: a new key, a clean form.
  React.useEffect(() => {
    if (!open) return;
    setType(party?.type ?? 'vendor');
    setChosen(party ? partyKey(party) : '');
    setAmounts({});
    setMethod('');
    setDate(today);
    setMemo('');
    setWithheld('');
    setWithheldTyped(false);
    setErrors([]);
    setResult(null);
    setKey(newIdempotencyKey());
  }, [open, party, today]);

  const items = useQuery({
    ...trpc.finance.hutang.items.queryOptions({ party_type: type, status: 'open' }),
    enabled: open,
  });
  const methods = useQuery({ ...trpc.finance.paymentMethod.list.queryOptions({ status: 1 }), enabled: open });
  const parties = party ? [party] : partiesOf(type, items.data);
  const current = parties.find((p) => partyKey(p) === chosen) ?? null;
  const openItems: HutangItemDto[] = current ? (items.data ?? []).filter((i) => isParty(current, i)) : [];
  const total = openItems.reduce(
    (s, i) => (amounts[i.id] === undefined ? s : s + (parseRupiah(amounts[i.id]) ?? 0)),
    0,
  );

  const partyTax = useQuery({
    ...trpc.finance.hutang.partyTax.queryOptions({ party_type: type, party: current?.id ?? undefined }),
    enabled: open && !!current,
  });
  const proposal = proposeWithholding({
    party_type: type,
    has_tax_id: partyTax.data?.has_tax_id ?? false,
    lines: openItems
      .filter((i) => amounts[i.id] !== undefined)
      .map((i) => ({ source_type: i.source_type, amount: toSen(parseRupiah(amounts[i.id]) ?? 0) })),
  });
  const taxLabel = proposal.tax ? (WITHHOLDING_TAX_LABEL[proposal.tax] ?? proposal.tax) : 'pajak';
  const proposed = proposal.amount > 0 ? formatNumber(fromSen(proposal.amount)) : '';
  const shownWithheld = !proposal.allowed ? '' : withheldTyped ? withheld : proposed;
  const cut = shownWithheld.trim() ? (parseRupiah(shownWithheld) ?? 0) : 0;

  const pay = useMutation(
    trpc.finance.hutang.pay.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (r) => {
        setResult({ code: r.code, total: r.total, withheld: r.withheld, journal: r.journal });
        await qc.invalidateQueries({ queryKey: trpc.finance.hutang.pathKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const ticked = openItems.filter((i) => amounts[i.id] !== undefined);
    const parsed = hutangPaymentInput.safeParse({
      party_type: type,
      party: current?.id ?? null,
      party_name: current && !current.id ? current.name : undefined,
      method: method ? Number(method) : undefined,
      date,
      memo: memo || undefined,
      allocations: ticked.map((i) => ({ item: i.id, amount: parseRupiah(amounts[i.id]) ?? Number.NaN })),
      // What the dialog shows is sent: the proposal, the typed amount, or [] (nothing withheld).
      withholding:
        shownWithheld.trim() && proposal.tax
          ? [{ tax: proposal.tax, amount: parseRupiah(shownWithheld) ?? Number.NaN }]
          : [],
    });
    const issues: ErrorItem[] = [];
    if (!current) issues.push({ message: 'Pihak wajib dipilih', field: 'party' });
    if (!parsed.success)
      issues.push(...parsed.error.issues.map((i) => ({ message: i.message, field: i.path.map(String).join('.') })));
    ticked.forEach((i, n) => {
      const v = parseRupiah(amounts[i.id]) ?? 0;
      if (v > i.outstanding)
        issues.push({
          message: `Pembayaran melebihi sisa hutang (sisa ${formatRupiah(i.outstanding)})`,
          field: `allocations.${n}.amount`,
        });
    });
    if (issues.length || !parsed.success) return setErrors(issues);
    setErrors([]);
    pay.mutate({ ...parsed.data, idempotency_key: key });
  };
  // Errors on allocations.N name the N-th ticked item.
  const ticked = openItems.filter((i) => amounts[i.id] !== undefined);
  const itemError = (id: number) => {
    const n = ticked.findIndex((i) => i.id === id);
    return n < 0 ? undefined : errors.find((e) => e.field?.startsWith(`allocations.${n}.`))?.message;
  };
  const fe = (f: string) => errors.find((e) => e.field === f)?.message;
  const shown = new Set(['party', 'method', 'date', 'party_type']);
  const rest = errors.filter(
    (e) => !shown.has(e.field ?? '') && !/^(allocations\.\d+\.|withholding)/.test(e.field ?? ''),
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !pay.isPending && onOpenChange(o)}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Bayar Hutang{party ? `: ${party.name}` : ''}</DialogTitle>
        </DialogHeader>
        {result ? (
          <div className="grid gap-3" data-testid="pay-result">
            <p className="text-sm">
              Pembayaran <span className="font-mono font-semibold">{result.code}</span> sebesar{' '}
              {formatRupiah(result.total)} tersimpan.
            </p>
            {result.withheld > 0 ? (
              <p className="text-sm">Potongan pajak {formatRupiah(result.withheld)} dicatat sebagai hutang pajak.</p>
            ) : null}
            <p className="text-sm">
              Jurnal: <span className="font-mono">{result.journal ?? '-'}</span>
            </p>
            <div className="flex justify-end">
              <Button onClick={() => onOpenChange(false)}>Tutup</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-3" noValidate>
            {party ? null : (
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Jenis Pihak" htmlFor="pay-type" required>
                  <NativeSelect
                    id="pay-type"
                    value={type}
                    onChange={(v) => {
                      setType(v as PartyType);
                      setChosen('');
                      setAmounts({});
                    }}
                    options={PAYABLE_PARTY_OPTIONS}
                  />
                </FormField>
                <FormField label="Pihak" htmlFor="pay-party" error={fe('party')} required>
                  <NativeSelect
                    id="pay-party"
                    value={chosen}
                    onChange={(v) => {
                      setChosen(v);
                      setAmounts({});
                    }}
                    options={partyOptions(parties)}
                    placeholder={items.isLoading ? 'Memuat...' : 'Pilih pihak'}
                  />
                </FormField>
              </div>
            )}
            {current ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Hutang terbuka</legend>
                {items.isLoading ? <p className="text-sm text-muted-foreground">Memuat...</p> : null}
                {!items.isLoading && openItems.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Tidak ada hutang terbuka untuk pihak ini.</p>
                ) : null}
                {openItems.map((i) => {
                  const on = amounts[i.id] !== undefined;
                  return (
                    <div
                      key={i.id}
                      className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_10rem] sm:items-center"
                    >
                      <label className="flex min-w-0 items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="mt-1"
                          data-item={i.id}
                          aria-label={`Bayar ${i.source_type} ${i.source_id}`}
                          checked={on}
                          onChange={(e) => {
                            const next = { ...amounts };
                            if (e.target.checked) next[i.id] = String(i.outstanding);
                            else delete next[i.id];
                            setAmounts(next);
                          }}
                        />
                        <span className="min-w-0">
                          <span className="block break-words">
                            {i.source_type} #{i.source_id} &middot; {formatDate(i.doc_date)}
                          </span>
                          <span className="block text-xs text-muted-foreground">
                            Akun {i.akun} &middot; jatuh tempo {i.due_date ? formatDate(i.due_date) : '-'} &middot; sisa{' '}
                            {formatRupiah(i.outstanding)}
                          </span>
                        </span>
                      </label>
                      <FormField label="" htmlFor={`pay-amount-${i.id}`} error={itemError(i.id)}>
                        <Input
                          id={`pay-amount-${i.id}`}
                          inputMode="decimal"
                          aria-label="Jumlah dibayar"
                          disabled={!on}
                          value={amounts[i.id] ?? ''}
                          onChange={(e) => setAmounts({ ...amounts, [i.id]: e.target.value })}
                        />
                      </FormField>
                    </div>
                  );
                })}
              </fieldset>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Dibayar dari" htmlFor="pay-method" error={fe('method')} required>
                <NativeSelect
                  id="pay-method"
                  value={method}
                  onChange={setMethod}
                  options={namedOptions(methods.data)}
                  placeholder="Pilih metode pembayaran"
                />
              </FormField>
              <FormField label="Tanggal Bayar" htmlFor="pay-date" error={fe('date')} required>
                <Input id="pay-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              </FormField>
            </div>
            <FormField label="Keterangan" htmlFor="pay-memo" error={fe('memo')}>
              <Input id="pay-memo" value={memo} onChange={(e) => setMemo(e.target.value)} />
            </FormField>
            <FormField
              label={`Potongan ${taxLabel} (Rp)`}
              htmlFor="pay-withheld"
              error={errors.find((e) => e.field?.startsWith('withholding'))?.message}
              description={
                !proposal.allowed
                  ? 'Tidak dipotong pajak: pembelian barang, atau pajaknya sudah dipotong saat hutang dicatat.'
                  : proposal.amount > 0
                    ? `Usulan: ${taxLabel} ${bpToPercent(proposal.rate_bp)}% dari jasa ${formatRupiah(fromSen(proposal.base))}${
                        partyTax.data?.has_tax_id ? '' : ' (tanpa NPWP: tarif 100% lebih tinggi)'
                      }. Kosongkan bila tidak dipotong.`
                    : 'Kosongkan bila tidak ada pemotongan pajak.'
              }
            >
              <Input
                id="pay-withheld"
                inputMode="decimal"
                value={shownWithheld}
                disabled={!proposal.allowed}
                onChange={(e) => {
                  setWithheldTyped(true);
                  setWithheld(e.target.value);
                }}
              />
            </FormField>
            <p className="text-sm">
              Total dibayar: <span className="font-semibold tabular-nums">{formatRupiah(total)}</span>
              {cut > 0 ? (
                <>
                  {' '}
                  &middot; keluar dari kas/bank:{' '}
                  <span className="font-semibold tabular-nums">{formatRupiah(total - cut)}</span>
                </>
              ) : null}
            </p>
            <ErrorList items={rest} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Batal
              </Button>
              <Button type="submit" disabled={pay.isPending}>
                Simpan Pembayaran
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
