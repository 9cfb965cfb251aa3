import { branchScope, requireAccess } from '../../../http/access-scope.js';
import { PERIODE } from '../entities.js';
import {
  asSen,
  formatDate,
  fromSen,
  INCOME_CATEGORIES,
  ledgerTotals,
  MSG,
  type PeriodeCloseInput,
  type PeriodeDetailDto,
  type PeriodeDto,
  type PeriodeInput,
  type PeriodeListQuery,
  unbalancedMessage,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { ACCOUNT } from '../accounts.js';
import { insertJournal, resolveLines, type ResolvedLine } from '../posting.js';
import * as q from '../queries.js';
import { dayBefore, scopeOf, todayOf } from './common.js';

// ---------------------------------------------------------------- periods

export async function listPeriode(ctx: Ctx, query: PeriodeListQuery): Promise<PeriodeDto[]> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const rows = await q.listPeriode(c.db, scope, query.status);
  return rows.map((r) => q.toPeriodeDto(r.p, r.profilename));
}

async function periodeDetail(ctx: Ctx, p: q.PeriodeRow): Promise<PeriodeDetailDto> {
  const [rows, branches] = await Promise.all([
    q.saldoOf(ctx.db, p.id),
    q.listPeriode(ctx.db, branchScope(ctx, { profile_id: p.profile_id })),
  ]);
  const name = branches.find((b) => b.p.id === p.id)?.profilename ?? null;
  const pick = (kind: string) =>
    rows
      .filter((r) => r.s.kind === kind)
      .map((r) => ({
        akun_id: r.s.akun_id,
        code: r.code,
        name: r.name,
        debit: fromSen(r.s.debit),
        credit: fromSen(r.s.credit),
      }));
  return { ...q.toPeriodeDto(p, name), saldo_awal: pick('awal'), saldo_akhir: pick('akhir') };
}

export async function getPeriode(ctx: Ctx, id: number): Promise<PeriodeDetailDto> {
  const c = requireUser(ctx);
  await requireAccess(c, PERIODE, [id], 'read');
  const p = await q.findPeriode(c.db, id);
  if (!p) throw notFound(PERIODE.notFound);
  return periodeDetail(c, p);
}

/** Net (debit minus credit, sen) per account from the given lines. */
function netOf(lines: ResolvedLine[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const l of lines) m.set(l.akun_id, (m.get(l.akun_id) ?? 0) + l.debit - l.credit);
  return m;
}

function linesOfNet(net: Map<number, number>): ResolvedLine[] {
  return [...net.entries()]
    .filter(([, v]) => v !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([akun_id, v]) => ({
      akun_id,
      description: null,
      debit: asSen(v > 0 ? v : 0),
      credit: asSen(v < 0 ? -v : 0),
    }));
}

/**
 * Spec 4 "Accounting period": opens the branch's new active period. Refused with 409 while one is active (also
 * under concurrent requests: the partial unique index decides). After a closed period the opening balances are
 * its closing balances (a supplied saldo_awal must equal them); the first period's saldo_awal, which must
 * balance, is posted as an opening journal dated the day before the start.
 */
export async function createPeriode(ctx: Ctx, input: PeriodeInput): Promise<PeriodeDetailDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    if (await q.activePeriode(tx.db, tx.branchId)) throw conflict(MSG.periodBlocked);
    const last = await q.lastPeriode(tx.db, tx.branchId);
    if (last?.end_date && input.start_date <= last.end_date) {
      throw badRequest(
        `Tanggal mulai harus setelah akhir periode sebelumnya (${formatDate(last.end_date)})`,
        'start_date',
      );
    }
    // Opening balances: lines of detail accounts, each one-sided and non-negative.
    const given = input.saldo_awal ?? [];
    const nonzero = given.filter((l) => Number(l.debit) !== 0 || Number(l.credit) !== 0);
    let supplied = new Map<number, number>();
    if (nonzero.length) {
      const lines = await resolveLines(
        tx,
        nonzero.map((l) => ({ akun: l.akun, debit: l.debit, credit: l.credit })),
        'saldo_awal',
        { balance: false, label: 'Saldo awal baris' },
      );
      const totals = ledgerTotals(lines);
      if (!totals.balanced) throw badRequest(unbalancedMessage('Saldo awal', totals), 'saldo_awal');
      supplied = netOf(lines);
    }
    let opening: Map<number, number>;
    if (last) {
      // Balances carried from the journals before the start (the previous closing balances).
      const sums = await q.sumsByAkun(tx.db, branchScope(tx, {}, 'write'), { before: input.start_date });
      opening = new Map([...sums.entries()].map(([id, s]) => [id, s.debit - s.credit]));
      if (nonzero.length) {
        const ids = new Set([...opening.keys(), ...supplied.keys()]);
        for (const id of ids) {
          if ((opening.get(id) ?? 0) !== (supplied.get(id) ?? 0)) {
            throw badRequest('Saldo awal harus sama dengan saldo akhir periode sebelumnya', 'saldo_awal');
          }
        }
      }
    } else {
      opening = supplied;
    }
    let row: q.PeriodeRow;
    try {
      row = await q.insertPeriode(tx.db, {
        profile_id: tx.branchId,
        start_date: input.start_date,
        status: 0,
        created_by: c.user.id,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'finance_periode_one_active_idx')) throw conflict(MSG.periodBlocked);
      throw err;
    }
    const lines = linesOfNet(opening);
    await q.insertSaldo(
      tx.db,
      lines.map((l) => ({ periode_id: row.id, kind: 'awal', akun_id: l.akun_id, debit: l.debit, credit: l.credit })),
    );
    if (!last && lines.length) {
      await insertJournal(tx, {
        periode: { id: row.id, start_date: row.start_date, status: 0 },
        transaction_at: dayBefore(row.start_date),
        memo: `Saldo awal periode ${formatDate(row.start_date)}`,
        kind: 'opening',
        source_type: 'periode',
        source_id: String(row.id),
        lines,
        prefix: 'SA',
      });
    }
    await audit(tx, {
      action: 'create',
      entity: 'finance_periode',
      entityId: row.id,
      after: { ...row, saldo_awal: lines },
    });
    return periodeDetail(tx, row);
  });
}

/**
 * Closes the branch's active period on end_date (default today): posts the closing journal that moves the profit
 * or loss of the income statement accounts to retained earnings (3201), records the closing balances the next
 * period opens with, and locks the period (the database then refuses any journal into it).
 */
export async function closePeriode(ctx: Ctx, id: number, input: PeriodeCloseInput): Promise<PeriodeDetailDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, PERIODE, [id], 'write');
    const p = await q.activePeriode(tx.db, tx.branchId, 'update');
    if (!p || p.id !== id) throw badRequest('Periode sudah ditutup');
    const end = input.end_date ?? (await todayOf(tx));
    if (end < p.start_date)
      throw badRequest(`Tanggal tutup tidak boleh sebelum awal periode (${formatDate(p.start_date)})`, 'end_date');
    const last = await q.maxJournalDate(tx.db, p.id);
    if (last && last > end)
      throw badRequest(`Masih ada jurnal setelah tanggal tutup (jurnal terakhir ${formatDate(last)})`, 'end_date');
    const accounts = await q.listAkun(tx.db);
    const income = new Set(accounts.filter((a) => INCOME_CATEGORIES.includes(a.category)).map((a) => a.id));
    const sums = await q.sumsByAkun(tx.db, branchScope(tx, {}, 'write'), { upTo: end });
    const closeNet = new Map<number, number>();
    let profitSen = 0; // credit minus debit of the income accounts = profit
    for (const [akunId, s] of sums) {
      if (!income.has(akunId)) continue;
      const net = s.debit - s.credit;
      if (net === 0) continue;
      closeNet.set(akunId, -net);
      profitSen -= net;
    }
    if (closeNet.size) {
      const retained = accounts.find((a) => a.code === ACCOUNT.labaDitahan);
      if (!retained) throw badRequest(`Akun Laba Ditahan (${ACCOUNT.labaDitahan}) tidak ditemukan`);
      if (profitSen !== 0) closeNet.set(retained.id, (closeNet.get(retained.id) ?? 0) - profitSen);
      const lines = linesOfNet(closeNet).map((l) => ({
        ...l,
        description:
          l.akun_id === retained.id
            ? profitSen >= 0
              ? 'Laba periode berjalan'
              : 'Rugi periode berjalan'
            : 'Penutupan akun',
      }));
      await insertJournal(tx, {
        periode: { id: p.id, start_date: p.start_date, status: 0 },
        transaction_at: end,
        memo: `Jurnal penutup periode ${formatDate(p.start_date)} s.d. ${formatDate(end)}`,
        kind: 'closing',
        source_type: 'periode',
        source_id: String(p.id),
        lines,
        prefix: 'TP',
      });
    }
    const after = await q.sumsByAkun(tx.db, branchScope(tx, {}, 'write'), { upTo: end });
    const closing = linesOfNet(new Map([...after.entries()].map(([k, s]) => [k, s.debit - s.credit])));
    await q.insertSaldo(
      tx.db,
      closing.map((l) => ({ periode_id: p.id, kind: 'akhir', akun_id: l.akun_id, debit: l.debit, credit: l.credit })),
    );
    const row = await q.closePeriode(tx.db, p.id, end, c.user.id);
    await audit(tx, {
      action: 'close',
      entity: 'finance_periode',
      entityId: p.id,
      before: p,
      after: { ...row, profit: fromSen(profitSen) },
    });
    return periodeDetail(tx, row);
  });
}
