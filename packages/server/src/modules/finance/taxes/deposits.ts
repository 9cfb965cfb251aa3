/**
 * A tax deposit (setoran pajak, issue 28 item 4): pays a masa's open items of one tax with the billing code and
 * the NTPN of the deposit. The items are settled through the payables front door `payItems` (kind 'tax_deposit':
 * one hutang_payment, party 'pajak', its allocations, its journal Dr the items' tax payable account(s) / Cr the
 * method's cash or bank account, all in one transaction, items locked FOR UPDATE), oldest item first. At most what
 * is outstanding; an NTPN is recorded once per branch. The Idempotency-Key (endpoint protocol and the payment's own
 * unique key) makes a retried deposit one deposit. A deposit is voided like every payables payment: POST
 * /api/finance/hutang/payments/{id}/void through the approval engine ('hutang.void_payment'); the items open again.
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
import { payItems } from '../payables/payments.js';
import * as q from '../queries/taxes.js';
import { getMasa, masaEnd } from './service.js';

export async function deposit(ctx: Ctx, input: TaxDepositInput, idempotencyKey?: string | null): Promise<TaxMasaDto> {
  const c = requireUser(ctx);
  const amount = toSen(input.amount);
  try {
    await inTransaction(c, async (tx) => {
      if (input.date < `${input.masa}-01`) throw badRequest('Tanggal setor tidak boleh sebelum masa pajaknya', 'date');
      if (input.date > (await tx.today())) throw badRequest('Tanggal setor tidak boleh setelah hari ini', 'date');
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
      const allocations: { item: number; amount: Sen }[] = [];
      for (const it of items) {
        if (left <= 0) break;
        const take = Math.min(left, it.amount - it.paid);
        allocations.push({ item: it.id, amount: asSen(take) });
        left -= take;
      }
      await payItems(tx, {
        kind: 'tax_deposit',
        party_type: 'pajak',
        party_id: null,
        party_name: 'Kantor Pajak',
        method: input.method,
        date: input.date,
        memo: `Setoran ${input.tax} masa ${input.masa}`,
        allocations,
        idempotency_key: idempotencyKey ?? `auto:${randomUUID()}`,
        tax: input.tax,
        masa: input.masa,
        billing_code: input.billing_code,
        ntpn: input.ntpn,
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
