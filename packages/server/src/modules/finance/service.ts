import {
  AKUN_CATEGORIES,
  formatDate,
  formatRupiah,
  fromSen,
  INCOME_CATEGORIES,
  isTopLevel,
  LEDGER_PAGE_LINES,
  MSG,
  NORMAL_SIDE_OF_CATEGORY,
  todayIn,
  type AkunDto,
  type AkunInput,
  type AkunListQuery,
  type AkunUpdateInput,
  type BalanceSheetDto,
  type ErrorItem,
  type JurnalDto,
  type JurnalInput,
  type JurnalListQuery,
  type LedgerAccount,
  type LedgerDto,
  type LedgerQuery,
  type Paged,
  type PajakDto,
  type PajakInput,
  type PajakUpdateInput,
  type PaymentMethodDto,
  type PaymentMethodInput,
  type PaymentMethodUpdateInput,
  type PeriodeCloseInput,
  type PeriodeDetailDto,
  type PeriodeDto,
  type PeriodeInput,
  type PeriodeListQuery,
  type ProfitLossDto,
  type ReportQuery,
  type ReverseInput,
  type StatementSection,
  type TrialBalanceDto,
  type TrialBalanceRow,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, badRequestMany, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { ACCOUNT } from './accounts.js';
import { insertJournal, isUniqueViolation, lockActivePeriodFor, resolveLines, type ResolvedLine } from './posting.js';
import * as q from './queries.js';

const FIXED_CODES = new Set<string>(Object.values(ACCOUNT));
/** Where the web app goes after saving a general journal (spec 2.4). */
export const JOURNAL_SAVED_TARGET = '/finance/laporan/jurnal';

// ---------------------------------------------------------------- branch scope and dates

/**
 * The branches a read covers: the current branch; top-level users may name another (profile_id) or all
 * (isallbranch=1). Anyone else naming another branch is refused.
 */
export function scopeOf(c: AuthedCtx, f: { profile_id?: number; isallbranch?: number }): q.BranchScope {
  if (isTopLevel(c.user)) {
    if (f.isallbranch === 1) return null;
    if (f.profile_id) return [f.profile_id];
    return [c.branchId];
  }
  if (f.isallbranch === 1 || (f.profile_id && f.profile_id !== c.branchId))
    throw forbidden('Anda hanya dapat melihat data cabang Anda');
  return [c.branchId];
}

async function todayOf(ctx: Ctx): Promise<string> {
  return todayIn(await q.branchTimezone(ctx.db, ctx.branchId));
}

/** Report range defaults: from the active period's start (or the first of this month) to today. */
async function rangeOf(ctx: Ctx, f: { from?: string; to?: string }): Promise<{ from: string; to: string }> {
  const today = await todayOf(ctx);
  if (f.from) {
    const to = f.to ?? (today >= f.from ? today : f.from);
    if (f.from > to) throw badRequest('Tanggal awal tidak boleh setelah tanggal akhir', 'from');
    return { from: f.from, to };
  }
  const to = f.to ?? today;
  const p = await q.activePeriode(ctx.db, ctx.branchId);
  const from = p && p.start_date <= to ? p.start_date : `${to.slice(0, 8)}01`;
  return { from, to };
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- accounts

function parentMap(rows: q.AkunRow[]): Map<number, q.AkunRow> {
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Spec 7 GET /api/finance/akun: the chart with each account's balance (debit minus credit, shown on its side)
 * over the branch scope, as of the start of `fromdate` (journals dated before it) or to date. Header accounts
 * carry the sum of their descendants. istypegroup=1 lists only headers, 0 only detail accounts.
 */
export async function listAkun(ctx: Ctx, query: AkunListQuery): Promise<AkunDto[]> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const [rows, sums, posted] = await Promise.all([
    q.listAkun(c.db),
    q.sumsByAkun(c.db, scope, query.fromdate ? { before: query.fromdate } : {}),
    q.akunIdsWithPostings(c.db),
  ]);
  const parents = parentMap(rows);
  const net = new Map<number, number>();
  for (const r of rows) {
    const s = sums.get(r.id);
    if (!s) continue;
    const v = s.debit - s.credit;
    // Add to the account and every ancestor (headers roll up).
    let cur: q.AkunRow | undefined = r;
    const seen = new Set<number>();
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      net.set(cur.id, (net.get(cur.id) ?? 0) + v);
      cur = cur.parent_id ? parents.get(cur.parent_id) : undefined;
    }
  }
  const kw = query.keyword?.toLowerCase();
  return rows
    .filter((r) => query.istypegroup === undefined || r.isheader === (query.istypegroup === 1))
    .filter((r) => query.status === undefined || r.status === query.status)
    .filter((r) => r.profile_id === null || scope === null || scope.includes(r.profile_id))
    .filter((r) => !kw || r.code.toLowerCase().includes(kw) || r.name.toLowerCase().includes(kw))
    .map((r) => q.toAkunDto(r, parents, net.get(r.id) ?? 0, posted.has(r.id)));
}

async function checkAkunFields(
  c: AuthedCtx,
  v: { code: string; category: number; isheader: boolean; parent_id: number | null; profile_id: number | null },
  selfId?: number,
): Promise<void> {
  const issues: ErrorItem[] = [];
  const same = await q.findAkunByCode(c.db, v.code);
  if (same && same.id !== selfId) issues.push({ message: `Kode akun ${v.code} sudah dipakai`, field: 'code' });
  if (v.parent_id !== null) {
    const parent = await q.findAkun(c.db, v.parent_id);
    if (!parent) issues.push({ message: 'Akun induk tidak ditemukan', field: 'parent_id' });
    else if (!parent.isheader) issues.push({ message: 'Akun induk harus akun header', field: 'parent_id' });
    else if (parent.category !== v.category)
      issues.push({ message: 'Kategori akun harus sama dengan kategori akun induk', field: 'category' });
    else if (selfId !== undefined) {
      // No cycles: the new parent may not be the account itself or one of its descendants.
      const all = parentMap(await q.listAkun(c.db));
      let cur: q.AkunRow | undefined = parent;
      while (cur) {
        if (cur.id === selfId) {
          issues.push({ message: 'Akun induk tidak boleh akun ini sendiri atau turunannya', field: 'parent_id' });
          break;
        }
        cur = cur.parent_id ? all.get(cur.parent_id) : undefined;
      }
    }
  }
  if (v.profile_id !== null && !isTopLevel(c.user) && v.profile_id !== c.branchId) {
    issues.push({ message: 'Akun khusus cabang hanya dapat dibuat untuk cabang Anda', field: 'profile_id' });
  }
  if (issues.length) throw badRequestMany(issues);
}

export async function createAkun(ctx: Ctx, input: AkunInput): Promise<AkunDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const values = {
      code: input.code,
      name: input.name,
      category: input.category,
      isheader: input.isheader,
      parent_id: input.parent_id ?? null,
      normal: input.normal ?? NORMAL_SIDE_OF_CATEGORY[input.category],
      status: input.status,
      profile_id: input.profile_id ?? null,
      description: input.description ?? null,
    };
    await checkAkunFields({ ...c, db: tx.db }, values);
    let row: q.AkunRow;
    try {
      row = await q.insertAkun(tx.db, values);
    } catch (err) {
      if (isUniqueViolation(err, 'akun_code_idx')) throw badRequest(`Kode akun ${input.code} sudah dipakai`, 'code');
      throw err;
    }
    await audit(tx, { action: 'create', entity: 'akun', entityId: row.id, after: row });
    return q.toAkunDto(row, parentMap(await q.listAkun(tx.db)));
  });
}

export async function updateAkun(ctx: Ctx, id: number, input: AkunUpdateInput): Promise<AkunDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findAkun(tx.db, id);
    if (!before || (before.profile_id !== null && !isTopLevel(c.user) && before.profile_id !== c.branchId)) {
      throw notFound('Akun tidak ditemukan');
    }
    const next = {
      code: input.code ?? before.code,
      name: input.name ?? before.name,
      category: input.category ?? before.category,
      isheader: input.isheader ?? before.isheader,
      parent_id: input.parent_id === undefined ? before.parent_id : input.parent_id,
      normal: input.normal ?? (input.category !== undefined ? NORMAL_SIDE_OF_CATEGORY[input.category] : before.normal),
      status: input.status ?? before.status,
      profile_id: input.profile_id === undefined ? before.profile_id : input.profile_id,
      description: input.description === undefined ? before.description : input.description,
    };
    const usage = await q.akunUsage(tx.db, id);
    const issues: ErrorItem[] = [];
    if (next.code !== before.code && FIXED_CODES.has(before.code)) {
      issues.push({ message: `Kode akun ${before.code} dipakai modul lain dan tidak dapat diubah`, field: 'code' });
    }
    if (usage.postings > 0) {
      if (next.code !== before.code)
        issues.push({ message: 'Kode akun yang sudah memiliki transaksi tidak dapat diubah', field: 'code' });
      if (next.category !== before.category)
        issues.push({ message: 'Kategori akun yang sudah memiliki transaksi tidak dapat diubah', field: 'category' });
      if (next.normal !== before.normal)
        issues.push({ message: 'Saldo normal akun yang sudah memiliki transaksi tidak dapat diubah', field: 'normal' });
    }
    if (next.isheader && !before.isheader && (usage.postings > 0 || usage.methods > 0 || usage.taxes > 0)) {
      issues.push({
        message: 'Akun yang sudah dipakai transaksi tidak dapat dijadikan akun header',
        field: 'isheader',
      });
    }
    if (!next.isheader && before.isheader && usage.children > 0) {
      issues.push({
        message: 'Akun header yang memiliki sub akun tidak dapat dijadikan akun detail',
        field: 'isheader',
      });
    }
    if (issues.length) throw badRequestMany(issues);
    await checkAkunFields({ ...c, db: tx.db }, next, id);
    let row: q.AkunRow | undefined;
    try {
      row = await q.updateAkun(tx.db, id, next);
    } catch (err) {
      if (isUniqueViolation(err, 'akun_code_idx')) throw badRequest(`Kode akun ${next.code} sudah dipakai`, 'code');
      throw err;
    }
    if (!row) throw notFound('Akun tidak ditemukan');
    await audit(tx, { action: 'update', entity: 'akun', entityId: id, before, after: row });
    return q.toAkunDto(row, parentMap(await q.listAkun(tx.db)), 0, usage.postings > 0);
  });
}

/** Deleting is only for accounts never used; an account with postings is deactivated instead. */
export async function deleteAkun(ctx: Ctx, id: number): Promise<{ id: number }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findAkun(tx.db, id);
    if (!before || (before.profile_id !== null && !isTopLevel(c.user) && before.profile_id !== c.branchId)) {
      throw notFound('Akun tidak ditemukan');
    }
    const usage = await q.akunUsage(tx.db, id);
    if (usage.postings > 0 || usage.saldo > 0) {
      throw badRequest('Akun yang sudah memiliki transaksi tidak dapat dihapus; nonaktifkan akun ini');
    }
    if (FIXED_CODES.has(before.code))
      throw badRequest(`Akun ${before.code} dipakai modul lain dan tidak dapat dihapus`);
    if (usage.children > 0) throw badRequest('Akun yang memiliki sub akun tidak dapat dihapus');
    if (usage.methods > 0 || usage.taxes > 0)
      throw badRequest('Akun dipakai metode pembayaran atau pajak dan tidak dapat dihapus');
    await q.deleteAkun(tx.db, id);
    await audit(tx, { action: 'delete', entity: 'akun', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------- periods

export async function listPeriode(ctx: Ctx, query: PeriodeListQuery): Promise<PeriodeDto[]> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const rows = await q.listPeriode(c.db, scope, query.status);
  return rows.map((r) => q.toPeriodeDto(r.p, r.profilename));
}

async function periodeDetail(ctx: Ctx, p: q.PeriodeRow): Promise<PeriodeDetailDto> {
  const [rows, branches] = await Promise.all([q.saldoOf(ctx.db, p.id), q.listPeriode(ctx.db, [p.profile_id])]);
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
  const p = await q.findPeriode(c.db, id);
  if (!p || (p.profile_id !== c.branchId && !isTopLevel(c.user))) throw notFound('Periode tidak ditemukan');
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
    .map(([akun_id, v]) => ({ akun_id, description: null, debit: v > 0 ? v : 0, credit: v < 0 ? -v : 0 }));
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
      const d = lines.reduce((x, l) => x + l.debit, 0);
      const k = lines.reduce((x, l) => x + l.credit, 0);
      if (d !== k) {
        throw badRequest(
          `Saldo awal tidak seimbang: total debit ${formatRupiah(fromSen(d))} tidak sama dengan total kredit ${formatRupiah(fromSen(k))}`,
          'saldo_awal',
        );
      }
      supplied = netOf(lines);
    }
    let opening: Map<number, number>;
    if (last) {
      // Balances carried from the journals before the start (the previous closing balances).
      const sums = await q.sumsByAkun(tx.db, [tx.branchId], { before: input.start_date });
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
    const p = await q.activePeriode(tx.db, tx.branchId, 'update');
    if (!p || p.id !== id) {
      const other = await q.findPeriode(tx.db, id);
      if (!other || (other.profile_id !== tx.branchId && !isTopLevel(c.user)))
        throw notFound('Periode tidak ditemukan');
      if (other.profile_id !== tx.branchId) throw badRequest('Pindah ke cabang periode ini untuk menutupnya');
      throw badRequest('Periode sudah ditutup');
    }
    const end = input.end_date ?? (await todayOf(tx));
    if (end < p.start_date)
      throw badRequest(`Tanggal tutup tidak boleh sebelum awal periode (${formatDate(p.start_date)})`, 'end_date');
    const last = await q.maxJournalDate(tx.db, p.id);
    if (last && last > end)
      throw badRequest(`Masih ada jurnal setelah tanggal tutup (jurnal terakhir ${formatDate(last)})`, 'end_date');
    const accounts = await q.listAkun(tx.db);
    const income = new Set(accounts.filter((a) => INCOME_CATEGORIES.includes(a.category)).map((a) => a.id));
    const sums = await q.sumsByAkun(tx.db, [tx.branchId], { upTo: end });
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
    const after = await q.sumsByAkun(tx.db, [tx.branchId], { upTo: end });
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

// ---------------------------------------------------------------- journals

async function toJurnalDtos(ctx: Ctx, rows: q.JurnalRow[]): Promise<JurnalDto[]> {
  const ids = rows.map((r) => r.id);
  const [details, reversed] = await Promise.all([q.detailsOf(ctx.db, ids), q.reversalOf(ctx.db, ids)]);
  const byJournal = new Map<number, JurnalDto['details']>();
  for (const d of details) {
    const list = byJournal.get(d.d.jurnal_id) ?? [];
    list.push({
      akun_id: d.d.akun_id,
      akun: d.code,
      akunname: d.name,
      description: d.d.description,
      debit: fromSen(d.d.debit),
      credit: fromSen(d.d.credit),
    });
    byJournal.set(d.d.jurnal_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    profile_id: r.profile_id,
    periode_id: r.periode_id,
    code: r.code,
    transaction_at: r.transaction_at,
    memo: r.memo,
    kind: r.kind,
    source_type: r.source_type,
    source_id: r.source_id,
    reversal_of: r.reversal_of,
    reversed_by: reversed.get(r.id) ?? null,
    total: fromSen(r.total),
    created_at: r.created_at,
    details: byJournal.get(r.id) ?? [],
  }));
}

/** The DTO of a journal just stored, from what its INSERT returned (a new journal is reversed by nothing). */
function storedJurnalDto({ row, lines }: q.InsertedJurnal): JurnalDto {
  return {
    id: row.id,
    profile_id: row.profile_id,
    periode_id: row.periode_id,
    code: row.code,
    transaction_at: row.transaction_at,
    memo: row.memo,
    kind: row.kind,
    source_type: row.source_type,
    source_id: row.source_id,
    reversal_of: row.reversal_of,
    reversed_by: null,
    total: fromSen(row.total),
    created_at: row.created_at,
    details: lines.map((l) => ({
      akun_id: l.akun_id,
      akun: l.code,
      akunname: l.name,
      description: l.description,
      debit: fromSen(l.debit),
      credit: fromSen(l.credit),
    })),
  };
}

export async function listJurnal(ctx: Ctx, query: JurnalListQuery): Promise<Paged<JurnalDto>> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  if (query.from && query.to && query.from > query.to)
    throw badRequest('Tanggal awal tidak boleh setelah tanggal akhir', 'from');
  const { rows, count } = await q.listJurnal(c.db, {
    scope,
    from: query.from,
    to: query.to,
    keyword: query.keyword,
    sourceType: query.source_type,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: await toJurnalDtos(c, rows), count };
}

export async function getJurnal(ctx: Ctx, id: number): Promise<JurnalDto> {
  const c = requireUser(ctx);
  const row = await q.findJurnal(c.db, id);
  if (!row || (row.profile_id !== c.branchId && !isTopLevel(c.user))) throw notFound('Jurnal tidak ditemukan');
  return (await toJurnalDtos(c, [row]))[0];
}

/** Spec 3/5 "Journal": the general journal form's save. Answers the journal and where the form goes next. */
export async function createJurnal(ctx: Ctx, input: JurnalInput): Promise<JurnalDto & { target: string }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const periode = await lockActivePeriodFor(tx, input.transaction_at);
    const lines = await resolveLines(
      tx,
      input.details.map((l) => ({ akun: l.akun, description: l.description, debit: l.debit, credit: l.credit })),
    );
    const { stored } = await insertJournal(tx, {
      periode,
      transaction_at: input.transaction_at,
      memo: input.memo,
      kind: 'umum',
      source_type: 'jurnal_umum',
      code: input.code,
      lines,
    });
    return { ...storedJurnalDto(stored), target: JOURNAL_SAVED_TARGET };
  });
}

/** 'Batalkan': the reversing journal (debits and credits swapped), dated today or the given date in the active period. */
export async function reverseJurnal(ctx: Ctx, id: number, input: ReverseInput): Promise<JurnalDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const orig = await q.findJurnal(tx.db, id);
    if (!orig || orig.profile_id !== tx.branchId) throw notFound('Jurnal tidak ditemukan');
    if (orig.kind !== 'umum') throw badRequest('Hanya jurnal transaksi yang dapat dibatalkan');
    if ((await q.reversalOf(tx.db, [id])).has(id)) throw badRequest('Jurnal ini sudah dibatalkan');
    const date = input.transaction_at ?? (await todayOf(tx));
    const periode = await lockActivePeriodFor(tx, date);
    if (date < orig.transaction_at)
      throw badRequest('Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal', 'transaction_at');
    const details = await q.detailsOf(tx.db, [id]);
    const lines: ResolvedLine[] = details.map((d) => ({
      akun_id: d.d.akun_id,
      description: d.d.description,
      debit: d.d.credit,
      credit: d.d.debit,
    }));
    const memo = `Pembatalan ${orig.code}${input.memo ? `: ${input.memo}` : orig.memo ? `: ${orig.memo}` : ''}`.slice(
      0,
      1000,
    );
    const { stored } = await insertJournal(tx, {
      periode,
      transaction_at: date,
      memo,
      kind: 'reversal',
      source_type: orig.source_type,
      source_id: orig.source_id,
      reversal_of: orig.id,
      lines,
    });
    return storedJurnalDto(stored);
  });
}

// ---------------------------------------------------------------- reports

function side(net: number): { debit: number; credit: number } {
  return { debit: net > 0 ? fromSen(net) : 0, credit: net < 0 ? fromSen(-net) : 0 };
}

export async function trialBalance(ctx: Ctx, query: ReportQuery): Promise<TrialBalanceDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([q.listAkun(c.db), q.rangeSums(c.db, scope, from, to)]);
  const rows: TrialBalanceRow[] = [];
  const t = { od: 0, oc: 0, d: 0, c: 0, cd: 0, cc: 0 };
  for (const a of accounts) {
    const s = sums.get(a.id);
    if (!s) continue;
    const open = s.od - s.oc;
    const close = open + s.d - s.c;
    if (open === 0 && s.d === 0 && s.c === 0) continue;
    const o = side(open);
    const cl = side(close);
    rows.push({
      akun_id: a.id,
      code: a.code,
      name: a.name,
      category: a.category,
      categoryname: AKUN_CATEGORIES[a.category as keyof typeof AKUN_CATEGORIES] ?? '',
      normal: a.normal === 'K' ? 'K' : 'D',
      opening_debit: o.debit,
      opening_credit: o.credit,
      debit: fromSen(s.d),
      credit: fromSen(s.c),
      closing_debit: cl.debit,
      closing_credit: cl.credit,
    });
    if (open > 0) t.od += open;
    else t.oc -= open;
    t.d += s.d;
    t.c += s.c;
    if (close > 0) t.cd += close;
    else t.cc -= close;
  }
  return {
    from,
    to,
    rows,
    totals: {
      opening_debit: fromSen(t.od),
      opening_credit: fromSen(t.oc),
      debit: fromSen(t.d),
      credit: fromSen(t.c),
      closing_debit: fromSen(t.cd),
      closing_credit: fromSen(t.cc),
    },
  };
}

/**
 * General ledger of [from, to], one page of `limit` ledger lines: accounts in code order (one account, or every
 * detail account with a balance or a posting), each with its opening balance, this page's entries with running
 * balances, the range's movements and closing balance. A long account continues on the next page (entry_offset,
 * carried); an account with a balance but no posting takes one line. Bounded per request whatever the book's size.
 */
export async function ledger(ctx: Ctx, query: LedgerQuery): Promise<LedgerDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const page = query.page ?? 1;
  const limit = query.limit ?? LEDGER_PAGE_LINES;
  const accounts = await q.listAkun(c.db);
  let only: q.AkunRow | undefined;
  if (query.akun) {
    only =
      accounts.find((a) => a.code === query.akun) ??
      (/^\d+$/.test(query.akun) ? accounts.find((a) => a.id === Number(query.akun)) : undefined);
    if (!only) throw badRequest('Akun tidak ditemukan', 'akun');
  }
  const sums = await q.rangeSums(c.db, scope, from, to);
  // Every account of the report with its place in the run of ledger lines (slots).
  const offset = (page - 1) * limit;
  let start = 0;
  const onPage: {
    a: q.AkunRow;
    s: { od: number; oc: number; d: number; c: number; n: number };
    sign: number;
    opening: number;
    lo: number;
    hi: number;
  }[] = [];
  for (const a of only ? [only] : accounts) {
    if (a.isheader && !only) continue;
    const s = sums.get(a.id) ?? { od: 0, oc: 0, d: 0, c: 0, n: 0 };
    const sign = a.normal === 'K' ? -1 : 1;
    const opening = sign * (s.od - s.oc);
    if (!only && opening === 0 && s.n === 0) continue;
    const slots = Math.max(1, s.n);
    if (start < offset + limit && start + slots > offset) {
      onPage.push({ a, s, sign, opening, lo: Math.max(0, offset - start), hi: Math.min(s.n, offset + limit - start) });
    }
    start += slots;
  }
  const lines = await q.ledgerLines(
    c.db,
    scope,
    from,
    to,
    onPage.filter((p) => p.hi > p.lo).map((p) => ({ akunId: p.a.id, fromRn: p.lo, toRn: p.hi })),
  );
  const byAkun = new Map<number, q.LedgerLineRow[]>();
  for (const l of lines) {
    const list = byAkun.get(l.akun_id) ?? [];
    list.push(l);
    byAkun.set(l.akun_id, list);
  }
  const out: LedgerAccount[] = onPage.map(({ a, s, sign, opening, lo }) => {
    const entries = byAkun.get(a.id) ?? [];
    const first = entries[0];
    const carried = first ? opening + sign * (first.run - (first.debit - first.credit)) : opening;
    return {
      akun_id: a.id,
      code: a.code,
      name: a.name,
      normal: a.normal === 'K' ? 'K' : 'D',
      opening: fromSen(opening),
      debit: fromSen(s.d),
      credit: fromSen(s.c),
      closing: fromSen(opening + sign * (s.d - s.c)),
      entry_count: s.n,
      entry_offset: lo,
      carried: fromSen(carried),
      entries: entries.map((e) => ({
        jurnal_id: e.jurnal_id,
        code: e.code,
        transaction_at: e.transaction_at,
        memo: e.memo,
        description: e.description,
        debit: fromSen(e.debit),
        credit: fromSen(e.credit),
        balance: fromSen(opening + sign * e.run),
      })),
    };
  });
  return { from, to, accounts: out, page, limit, count: start };
}

const REVENUE_LIKE = new Set([2, 3, 4, 7]);

function section(
  category: number,
  title: string,
  accounts: q.AkunRow[],
  netOfAkun: (id: number) => number,
): StatementSection {
  const sign = REVENUE_LIKE.has(category) ? -1 : 1;
  const lines = accounts
    .filter((a) => a.category === category && !a.isheader)
    .map((a) => ({ akun_id: a.id, code: a.code, name: a.name, amount: sign * netOfAkun(a.id) }))
    .filter((l) => l.amount !== 0);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return { category, title, lines: lines.map((l) => ({ ...l, amount: fromSen(l.amount) })), total: fromSen(total) };
}

/** Profit and loss of [from, to]: movements of categories 4-8, without the closing journals. */
export async function profitLoss(ctx: Ctx, query: ReportQuery): Promise<ProfitLossDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([
    q.listAkun(c.db),
    q.rangeSums(c.db, scope, from, to, { excludeClosing: true }),
  ]);
  const net = (id: number) => {
    const s = sums.get(id);
    return s ? s.d - s.c : 0;
  };
  const sections = INCOME_CATEGORIES.map((cat) =>
    section(cat, AKUN_CATEGORIES[cat as keyof typeof AKUN_CATEGORIES], accounts, net),
  );
  const totalSen = (cat: number) => Math.round((sections.find((s) => s.category === cat)?.total ?? 0) * 100);
  const gross = totalSen(4) - totalSen(5);
  const operating = gross - totalSen(6);
  const netProfit = operating + totalSen(7) - totalSen(8);
  return {
    from,
    to,
    sections,
    gross_profit: fromSen(gross),
    operating_profit: fromSen(operating),
    net_profit: fromSen(netProfit),
  };
}

/** Balance sheet as of `to`: balances of categories 1-3 plus the profit or loss not yet closed. */
export async function balanceSheet(ctx: Ctx, query: ReportQuery): Promise<BalanceSheetDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([q.listAkun(c.db), q.sumsByAkun(c.db, scope, { upTo: to })]);
  const net = (id: number) => {
    const s = sums.get(id);
    return s ? s.debit - s.credit : 0;
  };
  const assets = section(1, 'Aset', accounts, net);
  const liabilities = section(2, 'Kewajiban', accounts, net);
  const equity = section(3, 'Ekuitas', accounts, net);
  let earnings = 0;
  for (const a of accounts) if (INCOME_CATEGORIES.includes(a.category)) earnings -= net(a.id);
  const sen = (v: number) => Math.round(v * 100);
  return {
    from,
    to,
    assets,
    liabilities,
    equity,
    current_earnings: fromSen(earnings),
    total_assets: assets.total,
    total_liabilities_equity: fromSen(sen(liabilities.total) + sen(equity.total) + earnings),
  };
}

// ---------------------------------------------------------------- payment methods and taxes

async function checkAccountFor(ctx: Ctx, akunId: number, category: number, message: string): Promise<void> {
  const a = await q.findAkun(ctx.db, akunId);
  if (!a) throw badRequest('Akun tidak ditemukan', 'akun_id');
  if (a.isheader) throw badRequest('Akun header tidak dapat dipakai; pilih akun detail', 'akun_id');
  if (a.category !== category) throw badRequest(message, 'akun_id');
}

export async function listPaymentMethods(ctx: Ctx, status?: number): Promise<PaymentMethodDto[]> {
  const rows = await q.listPaymentMethods(ctx.db, status);
  return rows.map((r) => ({
    id: r.m.id,
    name: r.m.name,
    type: r.m.type,
    akun_id: r.m.akun_id,
    akuncode: r.code,
    akunname: r.name,
    status: r.m.status,
  }));
}

export async function createPaymentMethod(ctx: Ctx, input: PaymentMethodInput): Promise<PaymentMethodDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkAccountFor(tx, input.akun_id, 1, 'Akun metode pembayaran harus akun kas atau bank (kategori Aset)');
    const row = await q.insertPaymentMethod(tx.db, input);
    await audit(tx, { action: 'create', entity: 'payment_method', entityId: row.id, after: row });
    return (await listPaymentMethods(tx)).find((m) => m.id === row.id)!;
  });
}

export async function updatePaymentMethod(
  ctx: Ctx,
  id: number,
  input: PaymentMethodUpdateInput,
): Promise<PaymentMethodDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findPaymentMethod(tx.db, id);
    if (!before) throw notFound('Metode pembayaran tidak ditemukan');
    if (input.akun_id !== undefined)
      await checkAccountFor(tx, input.akun_id, 1, 'Akun metode pembayaran harus akun kas atau bank (kategori Aset)');
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const row = await q.updatePaymentMethod(tx.db, id, values);
    await audit(tx, { action: 'update', entity: 'payment_method', entityId: id, before, after: row });
    return (await listPaymentMethods(tx)).find((m) => m.id === id)!;
  });
}

function toPajakDto(r: Awaited<ReturnType<typeof q.listPajak>>[number]): PajakDto {
  return {
    id: r.p.id,
    code: r.p.code,
    name: r.p.name,
    rate: r.p.rate_bp / 100,
    akun_id: r.p.akun_id,
    akuncode: r.code,
    akunname: r.name,
    status: r.p.status,
  };
}

export async function listPajak(ctx: Ctx, status?: number): Promise<PajakDto[]> {
  return (await q.listPajak(ctx.db, status)).map(toPajakDto);
}

export async function createPajak(ctx: Ctx, input: PajakInput): Promise<PajakDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkAccountFor(tx, input.akun_id, 2, 'Akun pajak harus akun hutang pajak (kategori Kewajiban)');
    if (await q.findPajakByCode(tx.db, input.code)) throw badRequest(`Kode pajak ${input.code} sudah dipakai`, 'code');
    const row = await q.insertPajak(tx.db, {
      code: input.code,
      name: input.name,
      rate_bp: Math.round(input.rate * 100),
      akun_id: input.akun_id,
      status: input.status,
    });
    await audit(tx, { action: 'create', entity: 'pajak', entityId: row.id, after: row });
    return (await listPajak(tx)).find((p) => p.id === row.id)!;
  });
}

export async function updatePajak(ctx: Ctx, id: number, input: PajakUpdateInput): Promise<PajakDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findPajak(tx.db, id);
    if (!before) throw notFound('Pajak tidak ditemukan');
    if (input.akun_id !== undefined)
      await checkAccountFor(tx, input.akun_id, 2, 'Akun pajak harus akun hutang pajak (kategori Kewajiban)');
    if (input.code !== undefined && input.code !== before.code && (await q.findPajakByCode(tx.db, input.code))) {
      throw badRequest(`Kode pajak ${input.code} sudah dipakai`, 'code');
    }
    const row = await q.updatePajak(tx.db, id, {
      code: input.code,
      name: input.name,
      rate_bp: input.rate === undefined ? undefined : Math.round(input.rate * 100),
      akun_id: input.akun_id,
      status: input.status,
    });
    await audit(tx, { action: 'update', entity: 'pajak', entityId: id, before, after: row });
    return (await listPajak(tx)).find((p) => p.id === id)!;
  });
}
