/**
 * Fee lines whose money is not all in (issue 29 item 2): a treatment taken from a package slot is payable pro rata
 * to what the package has received of its price, a treatment on a bill paid in part pro rata to what the bill has
 * received (its settlements release the rest the same way). At each instalment paid at the till the newly payable part of every waiting
 * line of that registration is booked (Dr Beban Bagi Hasil Dokter / Cr Hutang Dokter per doctor, source
 * 'sharing_release' and the instalment payment's id) and kept per line (sharing_release); a void of the instalment
 * reverses that journal from its stored lines and takes the parts back.
 */
import { asSen, mulDivSen, type Sen } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { auto, postJournal, reverseDocument, type PostingLine } from '../finance/index.js';
import * as q from './queries/release.js';

const SOURCE = 'sharing_release';

/** Called in the instalment payment's transaction, after the schedule took the money and the payment is stored. */
export async function releasePackageFees(
  ctx: Ctx,
  membershipId: number,
  payment: { id: number; code: string },
): Promise<void> {
  const m = await q.membershipPaid(ctx.db, membershipId);
  if (!m || m.price <= 0) return;
  const lines = await q.waitingLinesOf(ctx.db, membershipId);
  await release(
    ctx,
    lines,
    { paid: m.paid, total: m.price },
    payment,
    `Jasa dokter paket dari cicilan ${payment.code}`,
  );
}

/**
 * A visit bill paid in part: its lines were payable pro rata to what the bill received; a settlement (pelunasan)
 * makes the next part payable. `received`: the bill's total and everything it has received, this settlement included.
 */
export async function releaseBillFees(
  ctx: Ctx,
  billPaymentId: number,
  received: { paid: number; total: number },
  payment: { id: number; code: string },
): Promise<void> {
  if (received.total <= 0) return;
  const lines = await q.waitingLinesOfPayment(ctx.db, billPaymentId);
  await release(ctx, lines, received, payment, `Jasa dokter dari pelunasan ${payment.code}`);
}

async function release(
  ctx: Ctx,
  lines: q.WaitingLine[],
  received: { paid: number; total: number },
  payment: { id: number; code: string },
  memo: string,
): Promise<void> {
  const parts: { line: q.WaitingLine; amount: Sen }[] = [];
  for (const l of lines) {
    const due = mulDivSen(l.share, Math.min(received.paid, received.total), received.total, 'floor');
    if (due > l.payable) parts.push({ line: l, amount: asSen(due - l.payable) });
  }
  if (!parts.length) return;
  const today = await ctx.today();
  const byDoctor = new Map<number, number>();
  for (const p of parts) byDoctor.set(p.line.doctor_id, (byDoctor.get(p.line.doctor_id) ?? 0) + p.amount);
  const total = [...byDoctor.values()].reduce((s, v) => s + v, 0);
  const journal: PostingLine[] = [
    { akun: auto('bebanBagiHasilDokter'), description: memo, debit: asSen(total), credit: asSen(0) },
    ...[...byDoctor].map(([doctor, amount]) => ({
      akun: auto('hutangDokter'),
      description: memo,
      debit: asSen(0),
      credit: asSen(amount),
      party: { type: 'doctor' as const, id: doctor },
    })),
  ];
  await postJournal(ctx, { transaction_at: today, memo, source_type: SOURCE, source_id: payment.id, lines: journal });
  for (const p of parts) await q.addRelease(ctx.db, p.line, payment.id, p.amount);
}

/** A voided instalment: its release journal reversed from the stored lines, the lines' parts taken back. */
export async function reverseRelease(ctx: Ctx, payment: { id: number; code: string }, reason: string): Promise<void> {
  const parts = await q.releasesOfPayment(ctx.db, payment.id);
  if (!parts.length) return;
  await reverseDocument(ctx, {
    source_type: SOURCE,
    source_id: payment.id,
    transaction_at: await ctx.today(),
    memo: `Pembatalan jasa dokter paket ${payment.code}: ${reason}`.slice(0, 1000),
    as: { source_type: 'sharing_release_void', source_id: payment.id },
  });
  for (const p of parts) await q.takeBackRelease(ctx.db, p);
}

/**
 * Lines cancelled or clawed back by a void of their visit payment: the parts instalments released for them are
 * taken back too (Dr Hutang Dokter as a debit note per doctor / Cr Beban Bagi Hasil Dokter, source
 * 'sharing_release_cancel' and the voided payment's id), so Hutang Dokter keeps equal to the lines.
 */
export async function cancelReleasesOfLines(
  ctx: Ctx,
  lineIds: number[],
  payment: { id: number; code: string },
): Promise<void> {
  const parts = await q.releasesOfLines(ctx.db, lineIds);
  if (!parts.length) return;
  const memo = `Pembatalan jasa dokter paket ${payment.code}`;
  const byDoctor = new Map<number, number>();
  for (const p of parts) byDoctor.set(p.doctor_id, (byDoctor.get(p.doctor_id) ?? 0) + p.amount);
  const total = [...byDoctor.values()].reduce((s, v) => s + v, 0);
  await postJournal(ctx, {
    transaction_at: await ctx.today(),
    memo,
    source_type: 'sharing_release_cancel',
    source_id: payment.id,
    lines: [
      ...[...byDoctor].map(([doctor, amount]) => ({
        akun: auto('hutangDokter'),
        description: memo,
        debit: asSen(amount),
        credit: asSen(0),
        party: { type: 'doctor' as const, id: doctor },
      })),
      { akun: auto('bebanBagiHasilDokter'), description: memo, debit: asSen(0), credit: asSen(total) },
    ],
  });
  await q.markReversed(
    ctx.db,
    parts.map((p) => p.id),
  );
}
