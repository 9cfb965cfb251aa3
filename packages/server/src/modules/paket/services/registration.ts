import { requireReference } from '../../../http/access-scope.js';
import { PAKET_HISTORY } from '../entities.js';
import {
  addDays,
  addMonths,
  asSen,
  fromSen,
  instalmentSchedule,
  type MembershipDto,
  type MembershipInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import { auto, postJournal, requireActivePeriod } from '../../finance/index.js';
import * as q from '../queries.js';
import { branchToday, membershipDto, PAKET_NOT_FOUND, requireDoctor, requirePatient } from './common.js';

// ---------------------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------------------

/** An identical registration without a key within this window answers the first one (double clicks, retries). */
const DEDUPE_WINDOW_MS = 2 * 60 * 1000;

/** The version on sale: current, active, of this branch, within its type's period and already in force. */
async function requireSellable(c: Ctx, id: number, today: string) {
  await requireReference(c, PAKET_HISTORY, [id], 'paket_history_id', PAKET_NOT_FOUND);
  const row = await q.findHistory(c.db, id);
  if (!row) throw badRequest(PAKET_NOT_FOUND, 'paket_history_id');
  const { h, t } = row;
  if (!h.is_current) throw badRequest('Paket sudah diperbarui; pilih ulang paket dari daftar', 'paket_history_id');
  if (h.status !== 1 || t.status !== 1) throw badRequest('Paket tidak aktif', 'paket_history_id');
  if (h.active_at > today) throw badRequest(`Paket baru berlaku mulai ${h.active_at}`, 'paket_history_id');
  if (t.start_at > today || (t.end_at && t.end_at < today))
    throw badRequest('Masa berlaku jenis paket ini sudah berakhir atau belum dimulai', 'paket_history_id');
  return row;
}

/** A registration sent without an Idempotency-Key is the same as one of the same payload within the 2-minute window. */
export function keylessKey(ctx: Ctx, input: MembershipInput): string {
  const window = Math.floor(ctx.now().getTime() / DEDUPE_WINDOW_MS);
  return `${input.customer}:${input.doctor}:${input.paket_history_id}:${window}`;
}

/**
 * POST /api/paket/membership. In one transaction: the membership with its code (numbering service), the slots
 * with their expiry, the instalment schedule and the journal (Dr Piutang Membership / Cr Pendapatan Paket
 * Diterima Dimuka) through the finance posting service. The same Idempotency-Key (or, without one, the same
 * payload within the 2-minute window: {@link keylessKey}) answers the first registration instead of making a second
 * (http/idempotency.ts); the key is kept on the registration under its unique index (profile_id, idempotency_key).
 */
export async function register(
  ctx: Ctx,
  input: MembershipInput,
  idempotencyKey?: string,
): Promise<{ data: MembershipDto; created: boolean }> {
  const c = requireUser(ctx);
  const key = idempotencyKey ? `key:${idempotencyKey}` : `auto:${keylessKey(c, input)}`;
  const id = await inTransaction(c, async (tx) => {
    const today = await branchToday(tx);
    const customer = await requirePatient(tx, input.customer);
    await requireDoctor(tx, input.doctor);
    const { h } = await requireSellable(tx, input.paket_history_id, today);
    await requireActivePeriod(tx);

    const period = today.slice(0, 7).replace('-', '');
    const n = await nextNumber(tx.db, tx.branchId, 'PKT', period);
    const code = formatDocNumber('PKT', tx.branchId, period, n);
    const m = await q.insertMembership(tx.db, {
      profile_id: tx.branchId,
      code,
      customer_id: customer.id,
      doctor_id: input.doctor,
      paket_history_id: h.id,
      registered_at: today,
      status: 1,
      price: h.price,
      installment_schema: h.installment_schema,
      dp_amount: h.dp_amount,
      cicilan_amount: h.cicilan_amount,
      cicilan_attempt: h.cicilan_attempt,
      idempotency_key: key,
      created_by: c.user.id,
    });

    const items = await q.itemsOfHistories(tx.db, [h.id]);
    await q.insertSlots(
      tx.db,
      items.map((r) => {
        const l = q.itemLabel(r);
        return {
          profile_id: tx.branchId,
          membership_id: m.id,
          paket_history_item_id: r.i.id,
          type: r.i.type,
          code: l.code,
          name: l.name,
          free_slot: r.i.free_slot,
          used_slot: 0,
          expired_at: addDays(today, r.i.expired_duration),
        };
      }),
    );
    // In sen from the stored package to the schedule rows and the journal: no rupiah on the way.
    const schedule = instalmentSchedule(
      today,
      {
        price: asSen(h.price),
        installment_schema: h.installment_schema,
        dp_amount: asSen(h.dp_amount),
        cicilan_amount: asSen(h.cicilan_amount),
        cicilan_attempt: h.cicilan_attempt,
      },
      addMonths,
    );
    await q.insertCicilan(
      tx.db,
      schedule.map((s) => ({
        profile_id: tx.branchId,
        membership_id: m.id,
        seq: s.seq,
        due_date: s.due_date,
        amount: s.amount,
        paid_amount: 0,
        status: 0,
      })),
    );

    const price = asSen(h.price);
    const memo = `Registrasi paket ${h.code} ${code} - ${customer.name} (${customer.username})`;
    const jurnal = await postJournal(tx, {
      transaction_at: today,
      memo,
      source_type: 'paket_membership',
      source_id: m.id,
      lines: [
        { akun: auto('piutangMembership'), description: memo, debit: price, credit: asSen(0) },
        { akun: auto('pendapatanPaketDimuka'), description: memo, debit: asSen(0), credit: price },
      ],
    });
    const stored = await q.setMembershipJournal(tx.db, m.id, jurnal.id, jurnal.code);
    await audit(tx, {
      action: 'register',
      entity: 'paket_membership',
      entityId: m.id,
      after: { ...stored, schedule: schedule.map((r) => ({ ...r, amount: fromSen(r.amount) })) },
    });
    return m.id;
  });
  return { data: (await membershipDto(c, id, true))!, created: true };
}
