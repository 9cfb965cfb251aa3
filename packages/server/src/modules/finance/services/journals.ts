import { requireAccess } from '../../../http/access-scope.js';
import { JURNAL } from '../entities.js';
import {
  asSen,
  AUTOMATIC_JOURNAL_REFUSED,
  fromSen,
  isAutomaticJournal,
  journalSource,
  type JurnalDto,
  type JurnalInput,
  type JurnalListQuery,
  type Paged,
  type ReverseInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { insertJournal, lockActivePeriodFor, resolveLines, type ResolvedLine } from '../posting.js';
import * as q from '../queries.js';
import { scopeOf, todayOf } from './common.js';

/** Where the web app goes after saving a general journal (spec 2.4). */
export const JOURNAL_SAVED_TARGET = '/finance/laporan/jurnal';

// ---------------------------------------------------------------- journals

async function toJurnalDtos(ctx: Ctx, rows: q.JurnalRow[]): Promise<JurnalDto[]> {
  const ids = rows.map((r) => r.id);
  const automatic = rows.filter(isAutomaticJournal).map((r) => r.id);
  const [details, reversed, codes] = await Promise.all([
    q.detailsOf(ctx.db, ids),
    q.reversalOf(ctx.db, ids),
    q.sourceCodes(ctx.db, automatic),
  ]);
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
    source: journalSource(r, codes.get(r.id) ?? null),
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
    source: journalSource(row, null),
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
  await requireAccess(c, JURNAL, [id], 'read');
  const row = await q.findJurnal(c.db, id);
  if (!row) throw notFound(JURNAL.notFound);
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
      'details',
      { refuseControl: true },
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
    await requireAccess(tx, JURNAL, [id], 'write');
    const orig = await q.findJurnal(tx.db, id);
    if (!orig) throw notFound(JURNAL.notFound);
    if (orig.kind !== 'umum') throw badRequest('Hanya jurnal transaksi yang dapat dibatalkan');
    // A till, stock, package or payroll journal mirrors its document: reversing it alone would put the ledger out of
    // step with the document (stock against 1140, a paid bill against the cash). The database refuses it too.
    if (isAutomaticJournal(orig)) throw badRequest(AUTOMATIC_JOURNAL_REFUSED);
    if ((await q.reversalOf(tx.db, [id])).has(id)) throw badRequest('Jurnal ini sudah dibatalkan');
    const date = input.transaction_at ?? (await todayOf(tx));
    const periode = await lockActivePeriodFor(tx, date);
    if (date < orig.transaction_at)
      throw badRequest('Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal', 'transaction_at');
    const details = await q.detailsOf(tx.db, [id]);
    const lines: ResolvedLine[] = details.map((d) => ({
      akun_id: d.d.akun_id,
      description: d.d.description,
      debit: asSen(d.d.credit),
      credit: asSen(d.d.debit),
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
