/**
 * Registered expenses (issue 28 item 5): 'Daftarkan Pengeluaran' and 'Kelola Pengeluaran'. An expense posts
 * Dr the category's expense account / Cr the payment method's cash or bank account, or Cr the party's control
 * account (a payable item, through the posting service's `party`). Above the branch's proof limit a proof must be
 * uploaded; above its approval limit the expense waits for a second person (approval action 'finance.expense',
 * mandatory: whoever registers it) and posts only when approved, dated as registered. A correction is a reversal of
 * the stored lines ('finance.expense_reverse', through the approval engine). Nothing is ever deleted.
 */
import {
  APPROVAL_PENDING_MESSAGE,
  asSen,
  formatRupiah,
  fromSen,
  toSen,
  EXPENSE_PARTY_TYPES,
  type ApprovalAction,
  type ExpenseCategoryDto,
  type ExpenseCategoryInput,
  type ExpenseCategoryUpdateInput,
  type ExpenseDto,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseOutcome,
  type ExpensePartyOption,
  type ExpensePartyType,
  type ExpenseReverseInput,
  type ExpenseSettingDto,
  type ExpenseSettingInput,
  type ExpenseStatus,
  type Paged,
} from '@klinik/shared';
import { branchScope, requireAccess, requireOwnBranch } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import {
  approvalRuleFor,
  pendingRequests,
  requestOrRun,
  storeRequest,
  type ApprovalExecutor,
} from '../../applog/index.js';
import { ACCOUNT, type AccountKey } from '../accounts.js';
import { lockActivePeriodFor, postJournal, type PostingLine } from '../posting.js';
import { EXPENSE, EXPENSE_CATEGORY, EXPENSE_PROOF } from './entities.js';
import * as q from '../queries/expenses.js';
import { reverseStoredJournal } from './reversal.js';

/** Defaults until a branch sets its own: proof above Rp500.000, approval above Rp5.000.000. */
export const DEFAULT_PROOF_LIMIT = toSen(500_000);
export const DEFAULT_APPROVAL_LIMIT = toSen(5_000_000);

/** The control account of each party an expense may be owed to (the payables sub-ledger's accounts). */
const PARTY_ACCOUNT: Record<ExpensePartyType, AccountKey> = {
  vendor: 'hutangUsaha',
  doctor: 'hutangDokter',
  investor: 'hutangInvestor',
  pegawai: 'hutangGaji',
  laboratorium: 'hutangLabRumahSakit',
  rumahsakit: 'hutangLabRumahSakit',
};

/** A 400 of the posting service (its fields name the journal) put on the form's field. */
function onField(err: unknown, field: string): unknown {
  if (err instanceof AppError && err.status === 400) return badRequest(err.issues[0]?.message ?? err.message, field);
  return err;
}

// ------------------------------------------------------------------------------------------------ categories

function categoryDto(r: NonNullable<Awaited<ReturnType<typeof q.findCategory>>>): ExpenseCategoryDto {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    akun_id: r.akun_id,
    akun_code: r.akun_code,
    akun_name: r.akun_name,
    status: r.status,
  };
}

/** The active parties of one type of the branch an expense can be owed to (the register form's picker). */
export async function listParties(ctx: Ctx, type: ExpensePartyType): Promise<ExpensePartyOption[]> {
  const c = requireUser(ctx);
  return q.listParties(c.db, c.branchId, type);
}

export async function listCategories(ctx: Ctx, status?: number): Promise<ExpenseCategoryDto[]> {
  return (await q.listCategories(ctx.db, status)).map(categoryDto);
}

/** The account a category posts to: an active detail account of the profit and loss (beban). */
async function checkExpenseAkun(ctx: Ctx, akunId: number) {
  const a = await q.findAkun(ctx.db, akunId);
  if (!a || a.profile_id !== null) throw badRequest('Akun tidak ditemukan', 'akun_id');
  if (a.isheader) throw badRequest(`Akun ${a.code} ${a.name} adalah akun header`, 'akun_id');
  if (a.status !== 1) throw badRequest(`Akun ${a.code} ${a.name} tidak aktif`, 'akun_id');
  if (![5, 6, 8].includes(a.category) && a.code !== ACCOUNT.persediaan)
    throw badRequest(`Akun ${a.code} ${a.name} bukan akun beban`, 'akun_id');
}

export async function createCategory(ctx: Ctx, input: ExpenseCategoryInput): Promise<ExpenseCategoryDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkExpenseAkun(tx, input.akun_id);
    if (await q.categoryCodeTaken(tx.db, input.code)) throw badRequest(`Kode ${input.code} sudah dipakai`, 'code');
    const row = await q.insertCategory(tx.db, input);
    await audit(tx, { action: 'create', entity: 'expense_category', entityId: row.id, after: row });
    return categoryDto(await q.findCategory(tx.db, row.id));
  });
}

export async function updateCategory(
  ctx: Ctx,
  id: number,
  input: ExpenseCategoryUpdateInput,
): Promise<ExpenseCategoryDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findCategory(tx.db, id);
    if (!before) throw notFound(EXPENSE_CATEGORY.notFound);
    if (input.akun_id !== undefined) await checkExpenseAkun(tx, input.akun_id);
    if (input.code !== undefined && (await q.categoryCodeTaken(tx.db, input.code, id)))
      throw badRequest(`Kode ${input.code} sudah dipakai`, 'code');
    await q.updateCategory(tx.db, id, input);
    await audit(tx, { action: 'update', entity: 'expense_category', entityId: id, before, after: input });
    return categoryDto(await q.findCategory(tx.db, id));
  });
}

// ------------------------------------------------------------------------------------------------ limits

async function limitsOf(ctx: Ctx, profileId: number) {
  const s = await q.findSetting(ctx.db, profileId);
  return {
    proof: asSen(s?.proof_limit ?? DEFAULT_PROOF_LIMIT),
    approval: asSen(s?.approval_limit ?? DEFAULT_APPROVAL_LIMIT),
  };
}

interface LimitsPayload {
  proof_limit: number;
  approval_limit: number;
}

export async function getSetting(ctx: Ctx): Promise<ExpenseSettingDto> {
  const c = requireUser(ctx);
  const l = await limitsOf(c, c.branchId);
  const [open] = await pendingRequests(c, 'finance.expense_limits', 'expense_setting', [c.branchId]);
  const p = open?.payload as LimitsPayload | undefined;
  return {
    proof_limit: fromSen(l.proof),
    approval_limit: fromSen(l.approval),
    pending:
      open && p
        ? {
            proof_limit: fromSen(asSen(p.proof_limit)),
            approval_limit: fromSen(asSen(p.approval_limit)),
            applog_id: open.id,
          }
        : null,
  };
}

/** A change of the limits is a change of approval limits: it always waits for a second person. */
export async function updateSetting(ctx: Ctx, input: ExpenseSettingInput) {
  const c = requireUser(ctx);
  const payload: LimitsPayload = { proof_limit: toSen(input.proof_limit), approval_limit: toSen(input.approval_limit) };
  const now = await limitsOf(c, c.branchId);
  const out = await requestOrRun(
    c,
    {
      action: 'finance.expense_limits',
      message: `Mengubah batas pengeluaran: wajib bukti di atas ${formatRupiah(input.proof_limit)}, persetujuan di atas ${formatRupiah(input.approval_limit)}`,
      note: `Sebelumnya: bukti di atas ${formatRupiah(fromSen(now.proof))}, persetujuan di atas ${formatRupiah(fromSen(now.approval))}`,
      entity: 'expense_setting',
      entityId: c.branchId,
      payload,
      url: '/finance/hutang/customer',
    },
    (tx) => applyLimits(tx, payload, c.user.id),
  );
  if (out.pending) return { pending: true as const, applog_id: out.applog_id, message: out.message };
  return { pending: false as const, data: await getSetting(c) };
}

async function applyLimits(tx: Ctx, p: LimitsPayload, by: number) {
  const before = await q.findSetting(tx.db, tx.branchId);
  const row = await q.upsertSetting(tx.db, {
    profile_id: tx.branchId,
    proof_limit: p.proof_limit,
    approval_limit: p.approval_limit,
    updated_by: by,
  });
  await audit(tx, { action: 'update', entity: 'expense_setting', entityId: tx.branchId, before, after: row });
}

// ------------------------------------------------------------------------------------------------ expenses

function statusOf(r: q.ExpenseListRow): ExpenseStatus {
  if (r.e.status === 'pending' && r.request_status === -1) return 'rejected';
  return r.e.status as ExpenseStatus;
}

function toDto(r: q.ExpenseListRow): ExpenseDto {
  const e = r.e;
  return {
    id: e.id,
    code: e.code,
    date: e.date,
    category: { id: e.category_id, name: r.category_name, akun_code: r.akun_code },
    amount: fromSen(asSen(e.amount)),
    method: e.payment_method_id ? { id: e.payment_method_id, name: r.method_name ?? '' } : null,
    party_type: (e.party_type as ExpensePartyType | null) ?? null,
    party: e.party_type && e.party_id ? { id: e.party_id, name: e.party_name ?? '' } : null,
    memo: e.memo,
    proof: e.proof_id
      ? { id: e.proof_id, mime: r.proof_mime ?? '', url: `/api/files/expense-proof/${e.proof_id}` }
      : null,
    status: statusOf(r),
    journal: e.jurnal_id ? { id: e.jurnal_id, code: r.jurnal_code ?? '' } : null,
    reversal_journal: e.reversal_jurnal_id ? { id: e.reversal_jurnal_id, code: r.rev_code ?? '' } : null,
    applog_id: e.applog_id,
    reverse_applog_id: e.reverse_applog_id,
    reverse_reason: e.reverse_reason,
    created_by: e.created_by ? { id: e.created_by, name: r.creator_name ?? '' } : null,
    approved_by: e.approved_by ? { id: e.approved_by, name: r.approver_name ?? '' } : null,
    created_at: e.created_at,
  };
}

export async function getExpense(ctx: Ctx, id: number): Promise<ExpenseDto> {
  const c = requireUser(ctx);
  await requireAccess(c, EXPENSE, [id], 'read');
  const row = await q.findExpense(c.db, id);
  if (!row) throw notFound(EXPENSE.notFound);
  return toDto(row);
}

export async function listExpenses(ctx: Ctx, query: ExpenseListQuery): Promise<Paged<ExpenseDto>> {
  const c = requireUser(ctx);
  if (query.from && query.to && query.from > query.to)
    throw badRequest('Tanggal awal tidak boleh setelah tanggal akhir', 'from');
  const { rows, count } = await q.listExpenses(c.db, {
    scope: branchScope(c),
    from: query.from,
    to: query.to,
    category: query.category,
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toDto), count };
}

interface PartyRef {
  type: ExpensePartyType;
  id: number;
  name: string;
}

/** The journal lines of an expense: Dr its account, Cr the method's cash/bank or the party's control account. */
function linesOf(
  e: q.ExpenseRow,
  expenseAkun: string,
  creditAkun: string,
  party: PartyRef | null,
  categoryName: string,
): PostingLine[] {
  const amount = asSen(e.amount);
  const desc = `${categoryName}: ${e.memo}`.slice(0, 250);
  const credit: PostingLine = {
    akun: creditAkun,
    description: desc,
    debit: asSen(0),
    credit: amount,
    ...(party ? { party: { type: party.type, id: party.id, name: party.name } } : {}),
  };
  return [{ akun: expenseAkun, description: desc, debit: amount, credit: asSen(0) }, credit];
}

/** Posts a stored expense (now, or when its approval is carried out) and marks it posted. */
async function postExpense(tx: Ctx, e: q.ExpenseRow, approvedBy: number | null) {
  const row = await q.findExpense(tx.db, e.id);
  if (!row) throw notFound(EXPENSE.notFound);
  let creditAkun: string;
  let party: PartyRef | null = null;
  if (e.payment_method_id) {
    const m = await q.findMethod(tx.db, e.payment_method_id);
    if (!m || m.status !== 1) throw badRequest('Metode pembayaran tidak aktif', 'method');
    creditAkun = m.akun_code;
  } else {
    const type = e.party_type as ExpensePartyType;
    creditAkun = ACCOUNT[PARTY_ACCOUNT[type]];
    party = { type, id: e.party_id!, name: e.party_name! };
  }
  const a = await q.findAkun(tx.db, e.akun_id);
  const j = await postJournal(tx, {
    transaction_at: e.date,
    memo: `Pengeluaran ${e.code}: ${e.memo}`.slice(0, 1000),
    source_type: 'expense',
    source_id: e.id,
    lines: linesOf(e, a.code, creditAkun, party, row.category_name),
  });
  const updated = await q.updateExpense(tx.db, e.id, {
    status: 'posted',
    jurnal_id: j.id,
    approved_by: approvedBy,
    posted_at: new Date().toISOString(),
  });
  await audit(tx, { action: 'post', entity: 'expense', entityId: e.id, before: { status: e.status }, after: updated });
}

export async function createExpense(
  ctx: Ctx,
  input: ExpenseInput,
  idempotencyKey?: string | null,
): Promise<ExpenseOutcome> {
  const c = requireUser(ctx);
  const amount = toSen(input.amount);
  const outcome = await inTransaction(c, async (tx) => {
    const cat = await q.findCategory(tx.db, input.category);
    if (!cat || cat.status !== 1) throw badRequest('Kategori pengeluaran tidak ditemukan atau tidak aktif', 'category');
    if (cat.akun_status !== 1 || cat.akun_header)
      throw badRequest(`Akun ${cat.akun_code} kategori ini tidak dapat diposting`, 'category');
    if (input.method) {
      const m = await q.findMethod(tx.db, input.method);
      if (!m || m.status !== 1) throw badRequest('Metode pembayaran tidak ditemukan atau tidak aktif', 'method');
    }
    let party: PartyRef | null = null;
    if (input.party_type && input.party) {
      if (!EXPENSE_PARTY_TYPES.includes(input.party_type)) throw badRequest('Jenis pihak tidak dikenal', 'party_type');
      const p = await q.findParty(tx.db, tx.branchId, input.party_type, input.party);
      if (!p) throw badRequest('Pihak tidak ditemukan di cabang ini', 'party');
      party = { type: input.party_type, id: p.id, name: p.name };
    }
    // The date must lie in the active period now (checked again when an approval posts it).
    await lockActivePeriodFor(tx, input.date).catch((err: unknown) => {
      throw onField(err, 'date');
    });
    const limits = await limitsOf(tx, tx.branchId);
    if (amount > limits.proof && !input.proof) {
      throw badRequest(
        `Bukti pengeluaran wajib diunggah untuk jumlah di atas ${formatRupiah(fromSen(limits.proof))}`,
        'proof',
      );
    }
    if (input.proof) {
      await requireAccess(tx, EXPENSE_PROOF, [input.proof], 'write').catch(() => {
        throw badRequest('Bukti tidak ditemukan; unggah ulang', 'proof');
      });
      if (await q.proofUsedBy(tx.db, input.proof))
        throw badRequest('Bukti ini sudah dipakai pengeluaran lain; unggah bukti baru', 'proof');
    }
    const period = input.date.slice(0, 7).replace('-', '');
    const n = await nextNumber(tx.db, tx.branchId, 'expense', period);
    const e = await q.insertExpense(tx.db, {
      profile_id: tx.branchId,
      code: formatDocNumber('PG', tx.branchId, period, n),
      category_id: cat.id,
      akun_id: cat.akun_id,
      date: input.date,
      amount,
      payment_method_id: input.method ?? null,
      party_type: party?.type ?? null,
      party_id: party?.id ?? null,
      party_name: party?.name ?? null,
      memo: input.memo,
      proof_id: input.proof ?? null,
      status: 'pending',
      idempotency_key: idempotencyKey ?? null,
      created_by: c.user.id,
    });
    await audit(tx, { action: 'create', entity: 'expense', entityId: e.id, after: e });
    if (amount > limits.approval) {
      const rule = await approvalRuleFor(requireUser(tx), 'finance.expense');
      if (rule) {
        const req = await storeRequest(tx, rule, {
          action: 'finance.expense',
          message: `Pengeluaran ${e.code} ${cat.name} ${formatRupiah(input.amount)}: ${input.memo}`.slice(0, 250),
          note: `Di atas batas persetujuan ${formatRupiah(fromSen(limits.approval))}`,
          entity: 'expense',
          entityId: e.id,
          payload: { expense_id: e.id },
          url: '/finance/hutang/customer',
          subjectUserId: party && (party.type === 'doctor' || party.type === 'pegawai') ? party.id : null,
        });
        await q.updateExpense(tx.db, e.id, { applog_id: req.applog_id });
        return { pending: true, applog_id: req.applog_id, id: e.id };
      }
    }
    await postExpense(tx, e, null);
    return { pending: false, applog_id: null, id: e.id };
  });
  return {
    ...(await getExpense(c, outcome.id)),
    pending: outcome.pending,
    message: outcome.pending ? APPROVAL_PENDING_MESSAGE : null,
  };
}

/** Approval of 'finance.expense': posts the waiting expense, dated as registered. */
const runApprovedExpense: ApprovalExecutor = async (tx, payload, req) => {
  const id = Number((payload as { expense_id?: unknown }).expense_id);
  await requireOwnBranch(tx, EXPENSE, [id]);
  const e = await q.lockExpense(tx.db, id);
  if (!e || e.applog_id !== req.id) throw notFound(EXPENSE.notFound);
  if (e.status !== 'pending') throw conflict('Pengeluaran ini sudah diposting');
  await postExpense(tx, e, tx.user?.id ?? null);
};

interface ReversePayload {
  expense_id: number;
  reason: string;
  date: string | null;
}

/** 'Koreksi': reverses the stored lines of a posted expense (through the approval engine). */
export async function reverseExpense(ctx: Ctx, id: number, input: ExpenseReverseInput) {
  const c = requireUser(ctx);
  await requireAccess(c, EXPENSE, [id], 'write');
  const row = await q.findExpense(c.db, id);
  if (!row) throw notFound(EXPENSE.notFound);
  if (row.e.status === 'reversed') throw conflict('Pengeluaran ini sudah dibatalkan');
  if (row.e.status !== 'posted')
    throw conflict('Pengeluaran yang belum diposting tidak dapat dibatalkan; tunggu keputusan persetujuannya');
  const payload: ReversePayload = { expense_id: id, reason: input.reason, date: input.date ?? null };
  const out = await requestOrRun(
    c,
    {
      action: 'finance.expense_reverse',
      message: `Membatalkan pengeluaran ${row.e.code} ${formatRupiah(fromSen(asSen(row.e.amount)))}`,
      note: input.reason,
      entity: 'expense',
      entityId: id,
      payload,
      url: '/finance/hutang/customer',
    },
    (tx) => carryOutReverse(tx, payload, c.user.id, null),
  );
  if (out.pending) {
    await inTransaction(c, (tx) => q.updateExpense(tx.db, id, { reverse_applog_id: out.applog_id }));
    return { pending: true as const, applog_id: out.applog_id, message: out.message };
  }
  return { pending: false as const, data: await getExpense(c, id) };
}

async function carryOutReverse(tx: Ctx, p: ReversePayload, requester: number, applogId: number | null) {
  await requireOwnBranch(tx, EXPENSE, [p.expense_id]);
  const e = await q.lockExpense(tx.db, p.expense_id);
  if (!e) throw notFound(EXPENSE.notFound);
  if (e.status !== 'posted' || !e.jurnal_id) throw conflict('Pengeluaran ini sudah dibatalkan');
  const date = p.date ?? (await tx.today());
  if (date < e.date) throw badRequest('Tanggal pembatalan tidak boleh sebelum tanggal pengeluaran', 'date');
  const j = await reverseStoredJournal(tx, e.jurnal_id, {
    date,
    memo: `Pembatalan pengeluaran ${e.code}: ${p.reason}`.slice(0, 1000),
    source_type: 'expense_reversal',
    source_id: e.id,
    reverses: { source_type: 'expense', source_id: e.id },
  });
  const updated = await q.updateExpense(tx.db, e.id, {
    status: 'reversed',
    reversal_jurnal_id: j.id,
    reverse_reason: p.reason,
    reversed_by: requester,
    reverse_applog_id: applogId ?? e.reverse_applog_id,
    reversed_at: new Date().toISOString(),
  });
  await audit(tx, { action: 'reverse', entity: 'expense', entityId: e.id, before: e, after: updated });
}

export const expenseApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'finance.expense': runApprovedExpense,
  'finance.expense_reverse': async (tx, payload, req) => {
    const p = payload as ReversePayload;
    await carryOutReverse(
      tx,
      { expense_id: Number(p.expense_id), reason: String(p.reason), date: p.date ?? null },
      req.user_id,
      req.id,
    );
  },
  'finance.expense_limits': async (tx, payload, req) => {
    const p = payload as LimitsPayload;
    await applyLimits(
      tx,
      { proof_limit: Number(p.proof_limit), approval_limit: Number(p.approval_limit) },
      req.user_id,
    );
  },
};
