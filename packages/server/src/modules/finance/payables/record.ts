/**
 * The posting service's hook into the payables sub-ledger (issue 28 item 1): called by insertJournal, inside the
 * journal's transaction, after the lines are stored. Rules (docs/decisions.md "Payables"):
 * - a CREDIT line to a control account (akun.payable_party) makes one hutang_item with the line's party;
 * - a DEBIT line to a control account is a debit note (a negative item: e.g. a purchase return), unless the journal
 *   is a payment (the payment service allocates itself) or a reversal;
 * - a reversal (kind 'reversal' with reversal_of, or a document's void posted with `reverses`) cancels the items the
 *   original journal made; refused while any of them is paid in part (void the payment first);
 * - an opening balance line without a party becomes an item 'Saldo awal' of the account's party type;
 * - any other line to a control account without its party is refused (400, Indonesian).
 */
import { isValidDate, type ErrorItem, type Sen } from '@klinik/shared';
import type { Ctx } from '../../../http/context.js';
import { badRequest, badRequestMany } from '../../../http/errors.js';
import * as q from '../queries/payables.js';
import { PARTY_LABEL } from '@klinik/shared';
import { isPartyType, isPayableTax, partyFitsAccount, type PayableParty } from './types.js';

export interface PayableLine {
  akun_id: number;
  akun_code: string;
  akun_name: string;
  debit: Sen;
  credit: Sen;
  /** undefined: not known to the caller (read here from the account). */
  payable_party: string | null | undefined;
  payable_tax: string | null;
  party?: PayableParty | null;
  due_date?: string | null;
}

export interface PayableJournal {
  id: number;
  profile_id: number;
  transaction_at: string;
  kind: string;
  source_type: string | null;
  source_id: string | null;
  reversal_of: number | null;
}

/** 'document': the rules above; 'payment': debit lines are the payment's allocations (no debit notes). */
export type PayableMode = 'document' | 'payment';

export const PAID_ITEM_REVERSAL =
  'Hutang dari dokumen ini sudah dibayar (sebagian); batalkan pembayaran hutangnya terlebih dahulu';

const MASA = /^\d{4}-(0[1-9]|1[0-2])$/;

export async function recordPayables(
  ctx: Ctx,
  j: PayableJournal,
  lines: PayableLine[],
  opts: {
    mode?: PayableMode;
    reverses?: { source_type: string; source_id: string } | null;
    field?: string;
    paidOutDoctors?: readonly number[];
  } = {},
): Promise<void> {
  const field = opts.field ?? 'lines';
  const unknown = lines.filter((l) => l.payable_party === undefined).map((l) => l.akun_id);
  if (unknown.length) {
    const info = await q.akunInfo(ctx.db, unknown);
    lines = lines.map((l) => {
      if (l.payable_party !== undefined) return l;
      const a = info.get(l.akun_id);
      return {
        ...l,
        payable_party: a?.payable_party ?? null,
        payable_tax: a?.payable_tax ?? null,
        akun_code: a?.code ?? '',
        akun_name: a?.name ?? '',
      };
    });
  }
  const controls = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.payable_party);
  if (j.reversal_of !== null) {
    await cancelItemsOf(ctx, [j.reversal_of], j, lines, opts.paidOutDoctors);
    return;
  }
  if (opts.reverses) {
    const originals = await q.journalsOfSource(
      ctx.db,
      j.profile_id,
      opts.reverses.source_type,
      opts.reverses.source_id,
    );
    await cancelItemsOf(ctx, originals, j, lines, opts.paidOutDoctors);
    return;
  }
  if (!controls.length || j.kind === 'closing') return;
  const issues: ErrorItem[] = [];
  const planned: { i: number; l: PayableLine; party: PayableParty; amount: number }[] = [];
  for (const { l, i } of controls) {
    const isCredit = l.credit > 0;
    if (!isCredit && opts.mode === 'payment') continue;
    const n = `Baris ${i + 1}`;
    const f = `${field}.${i}.party`;
    let party = l.party ?? null;
    if (!party && j.kind === 'opening') {
      party = {
        type: l.payable_party as PayableParty['type'],
        name: 'Saldo awal',
        tax: isPayableTax(l.payable_tax) ? l.payable_tax : null,
      };
    }
    if (!party) {
      issues.push({
        message: `${n}: akun ${l.akun_code} ${l.akun_name} adalah akun kontrol hutang; pihak (${PARTY_LABEL[l.payable_party as keyof typeof PARTY_LABEL] ?? l.payable_party}) wajib diisi`,
        field: f,
      });
      continue;
    }
    if (!isPartyType(party.type)) {
      issues.push({ message: `${n}: jenis pihak tidak dikenal`, field: `${f}.type` });
      continue;
    }
    if (!partyFitsAccount(l.payable_party!, party.type)) {
      issues.push({
        message: `${n}: akun ${l.akun_code} ${l.akun_name} bukan akun hutang ${PARTY_LABEL[party.type]}`,
        field: `${f}.type`,
      });
      continue;
    }
    const tax = party.type === 'pajak' ? (party.tax ?? l.payable_tax) : null;
    if (party.type === 'pajak' && !isPayableTax(tax)) {
      issues.push({ message: `${n}: jenis pajak wajib diisi`, field: `${f}.tax` });
      continue;
    }
    if (party.masa && !MASA.test(party.masa)) {
      issues.push({ message: `${n}: masa pajak harus berformat YYYY-MM`, field: `${f}.masa` });
      continue;
    }
    if (l.due_date && !isValidDate(l.due_date)) {
      issues.push({ message: `${n}: tanggal jatuh tempo tidak valid`, field: `${field}.${i}.due_date` });
      continue;
    }
    if (party.id !== undefined && party.id !== null && !(Number.isSafeInteger(party.id) && party.id > 0)) {
      issues.push({ message: `${n}: pihak tidak valid`, field: `${f}.id` });
      continue;
    }
    planned.push({
      i,
      l,
      party: { ...party, tax: isPayableTax(tax) ? tax : null },
      amount: isCredit ? l.credit : 0 - l.debit,
    });
  }
  if (issues.length) throw badRequestMany(issues);
  if (!planned.length) return;
  // Names (and NIK/NPWP of recipients) the caller left out, from the party's master row.
  const userIds = new Set<number>();
  const vendorIds = new Set<number>();
  const investorIds = new Set<number>();
  for (const p of planned) {
    if (!p.party.name?.trim() && p.party.id) {
      if (p.party.type === 'vendor') vendorIds.add(p.party.id);
      else if (isInvestorParty(p.party.type)) investorIds.add(p.party.id);
      else userIds.add(p.party.id);
    }
    const r = p.party.recipient;
    if (r?.id && (!r.name?.trim() || !r.tax_id)) userIds.add(r.id);
  }
  const [usersById, vendorsById, investorsById, detailIds] = await Promise.all([
    q.userNames(ctx.db, [...userIds]),
    q.vendorNames(ctx.db, [...vendorIds]),
    q.investorNames(ctx.db, [...investorIds]),
    q.detailIdsOf(ctx.db, j.id),
  ]);
  const rows: q.NewItem[] = [];
  for (const p of planned) {
    const given = p.party.name?.trim();
    const name =
      given ||
      (p.party.id
        ? p.party.type === 'vendor'
          ? vendorsById.get(p.party.id)?.name
          : isInvestorParty(p.party.type)
            ? investorsById.get(p.party.id)
            : usersById.get(p.party.id)?.name
        : undefined);
    if (!name) {
      issues.push({ message: `Baris ${p.i + 1}: nama pihak wajib diisi`, field: `${field}.${p.i}.party.name` });
      continue;
    }
    const r = p.party.recipient ?? null;
    const ru = r?.id ? usersById.get(r.id) : undefined;
    rows.push({
      profile_id: j.profile_id,
      party_type: p.party.type,
      party_id: p.party.id ?? null,
      party_name: name.slice(0, 200),
      tax: p.party.tax ?? null,
      masa: p.party.type === 'pajak' ? (p.party.masa ?? j.transaction_at.slice(0, 7)) : (p.party.masa ?? null),
      recipient_id: r?.id ?? null,
      recipient_name: (r?.name?.trim() || ru?.name || null)?.slice(0, 200) ?? null,
      recipient_tax_id: r?.tax_id ?? ru?.idcard ?? null,
      source_type: j.source_type ?? j.kind,
      source_id: j.source_id ?? String(j.id),
      jurnal_id: j.id,
      jurnal_detail_id: detailIds.get(p.i + 1)!,
      akun_id: p.l.akun_id,
      doc_date: j.transaction_at,
      due_date: p.l.due_date ?? null,
      amount: p.amount,
    });
  }
  if (issues.length) throw badRequestMany(issues);
  await q.insertItems(ctx.db, rows);
}

/** Investors, hospitals and laboratories are rows of the investors module (issue 29 part B), not users. */
function isInvestorParty(type: string): boolean {
  return type === 'investor' || type === 'laboratorium' || type === 'rumahsakit';
}

/**
 * Cancels the items the given journals made; refused when any of them is paid in part, except a doctor's fee: a
 * refund is never blocked because the doctor was paid (issue 29), so a paid doctor item stays and the reversal's
 * debit line to Hutang Dokter becomes a debit note (a negative item) the doctor's next payout nets (clawback).
 * `paidOutDoctors`: doctors whose fees on the document the sharing module counts as paid out although their item
 * is not paid yet (their lines are in an approved payout run): their items stay, for that run, and get the debit note.
 */
async function cancelItemsOf(
  ctx: Ctx,
  jurnalIds: number[],
  rev: PayableJournal,
  lines: PayableLine[],
  paidOutDoctors: readonly number[] = [],
): Promise<void> {
  const items = await q.lockItemsOfJournals(ctx.db, jurnalIds);
  if (!items.length) return;
  const paidDoctor = items.filter(
    (i) =>
      i.party_type === 'doctor' &&
      i.amount > 0 &&
      (i.paid !== 0 || (i.party_id !== null && paidOutDoctors.includes(i.party_id))),
  );
  if (items.some((i) => i.paid !== 0 && !paidDoctor.includes(i))) throw badRequest(PAID_ITEM_REVERSAL);
  if (paidDoctor.length) {
    const detailIds = await q.detailIdsOf(ctx.db, rev.id);
    const used = new Set<number>();
    const notes: q.NewItem[] = paidDoctor.map((it) => {
      const i = lines.findIndex((l, k) => !used.has(k) && l.akun_id === it.akun_id && l.debit === it.amount);
      if (i < 0) throw badRequest(PAID_ITEM_REVERSAL);
      used.add(i);
      return {
        profile_id: it.profile_id,
        party_type: it.party_type,
        party_id: it.party_id,
        party_name: it.party_name,
        source_type: rev.source_type ?? rev.kind,
        source_id: rev.source_id ?? String(rev.id),
        jurnal_id: rev.id,
        jurnal_detail_id: detailIds.get(i + 1)!,
        akun_id: it.akun_id,
        doc_date: rev.transaction_at,
        amount: -it.amount,
      };
    });
    await q.insertItems(ctx.db, notes);
  }
  await q.cancelItems(
    ctx.db,
    items.filter((i) => !paidDoctor.includes(i)).map((i) => i.id),
    rev.id,
  );
}
