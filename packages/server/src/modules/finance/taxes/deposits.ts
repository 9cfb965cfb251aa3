/**
 * A tax deposit (setoran pajak, issue 28 item 4): pays a masa's open items of one tax with the billing code and
 * the NTPN of the deposit. One hutang_payment of kind 'tax_deposit' (party 'pajak'), its allocations to the masa's
 * items oldest first, and its journal Dr the items' tax payable account(s) / Cr the method's cash or bank account,
 * all in one transaction. At most what is outstanding; an NTPN is recorded once per branch. The Idempotency-Key
 * (endpoint protocol and the payment's own unique key) makes a retried deposit one deposit.
 */
import { randomUUID } from 'node:crypto';
import {
  asSen,
  formatRupiah,
  fromSen,
  sumSen,
  toSen,
  type Sen,
  type TaxDepositInput,
  type TaxMasaDto,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, isUniqueViolation } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import { postJournal, type PostingLine } from '../posting.js';
import * as pq from '../queries/payables.js';
import * as q from '../queries/taxes.js';
import { getMasa, masaEnd } from './service.js';

export async function deposit(ctx: Ctx, input: TaxDepositInput, idempotencyKey?: string | null): Promise<TaxMasaDto> {
  const c = requireUser(ctx);
  const amount = toSen(input.amount);
  try {
    await inTransaction(c, async (tx) => {
      if (input.date < `${input.masa}-01`) throw badRequest('Tanggal setor tidak boleh sebelum masa pajaknya', 'date');
      if (input.date > (await tx.today())) throw badRequest('Tanggal setor tidak boleh setelah hari ini', 'date');
      const method = await pq.methodAkun(tx.db, input.method);
      if (!method || method.status !== 1)
        throw badRequest('Metode pembayaran tidak ditemukan atau tidak aktif', 'method');
      if (await q.ntpnTaken(tx.db, tx.branchId, input.ntpn))
        throw badRequest(`NTPN ${input.ntpn} sudah tercatat pada setoran lain`, 'ntpn');
      const items = await q.lockOpenTaxItems(tx.db, tx.branchId, input.tax, input.masa);
      const outstanding = sumSen(items.map((i) => asSen(i.amount - i.paid)));
      if (!items.length) throw badRequest(`Tidak ada hutang pajak yang terbuka untuk masa ${input.masa}`, 'masa');
      if (amount > outstanding) {
        throw badRequest(
          `Jumlah setoran melebihi sisa hutang pajak masa ${input.masa} (${formatRupiah(fromSen(outstanding))})`,
          'amount',
        );
      }
      // Oldest first, each item at most its outstanding.
      let left: number = amount;
      const allocations: { item: (typeof items)[number]; amount: Sen }[] = [];
      for (const it of items) {
        if (left <= 0) break;
        const take = Math.min(left, it.amount - it.paid);
        allocations.push({ item: it, amount: asSen(take) });
        left -= take;
      }
      const period = input.date.slice(0, 7).replace('-', '');
      const n = await nextNumber(tx.db, tx.branchId, 'tax_deposit', period);
      const pay = await pq.insertPayment(tx.db, {
        profile_id: tx.branchId,
        code: formatDocNumber('SP', tx.branchId, period, n),
        kind: 'tax_deposit',
        party_type: 'pajak',
        party_id: null,
        party_name: 'Kantor Pajak',
        payment_method_id: input.method,
        date: input.date,
        total: amount,
        withheld: 0,
        memo: `Setoran ${input.tax} masa ${input.masa}`,
        idempotency_key: idempotencyKey ?? `auto:${randomUUID()}`,
        created_by: c.user.id,
        tax: input.tax,
        masa: input.masa,
        billing_code: input.billing_code,
        ntpn: input.ntpn,
      });
      await pq.insertAllocations(
        tx.db,
        allocations.map((a) => ({ profile_id: tx.branchId, payment_id: pay.id, item_id: a.item.id, amount: a.amount })),
      );
      for (const a of allocations) await pq.addPaid(tx.db, a.item.id, a.amount);
      const byAkun = new Map<string, Sen>();
      for (const a of allocations) byAkun.set(a.item.akun_code, asSen((byAkun.get(a.item.akun_code) ?? 0) + a.amount));
      const memo = `Setoran ${input.tax.toUpperCase()} masa ${input.masa} (billing ${input.billing_code}, NTPN ${input.ntpn})`;
      const lines: PostingLine[] = [
        ...[...byAkun].map(([akun, sen]) => ({ akun, description: memo, debit: sen, credit: asSen(0) })),
        { akun: method.code, description: memo, debit: asSen(0), credit: amount },
      ];
      const j = await postJournal(tx, {
        transaction_at: input.date,
        memo,
        source_type: 'hutang_payment',
        source_id: pay.id,
        lines,
        payables: 'payment',
      });
      await pq.setPaymentJournal(tx.db, pay.id, j.id);
      await audit(tx, {
        action: 'create',
        entity: 'hutang_payment',
        entityId: pay.id,
        after: {
          ...pay,
          jurnal_id: j.id,
          allocations: allocations.map((a) => ({ item: a.item.id, amount: a.amount })),
        },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'hutang_payment_ntpn_idx'))
      throw badRequest(`NTPN ${input.ntpn} sudah tercatat pada setoran lain`, 'ntpn');
    throw err;
  }
  return getMasa(c, input.tax, input.masa);
}

export { masaEnd };
