import {
  addDays,
  addMonths,
  AGEING_BUCKETS,
  fromSen,
  instalmentSchedule,
  isTopLevel,
  PAKET_ITEM_TYPES,
  toSen,
  todayIn,
  type AgeingBucket,
  type MembershipDto,
  type MembershipInput,
  type MembershipListQuery,
  type Paged,
  type PaketHistoryDto,
  type PaketHistoryQuery,
  type PaketInput,
  type PaketItemDto,
  type PaketListQuery,
  type PaketTypeDto,
  type PaketTypeInput,
  type PiutangQuery,
  type PiutangRowDto,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, badRequestMany, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import { getActivePeriod, postJournal, requireActivePeriod } from '../finance/posting.js';
import { ACCOUNT } from '../finance/accounts.js';
import * as masters from '../masters/queries.js';
import { agreementHtml, logoDataUrl, type AgreementData } from './agreement.js';
import * as q from './queries.js';

/**
 * Paket promosi and membership (issue 5). Everything is per branch (profile_id): package types, packages and
 * their versions, registrations with their slots and instalments. A package change never edits a version:
 * it adds a new one, so a registration keeps pointing at the terms it was sold at.
 */

const TYPE_NOT_FOUND = 'Jenis paket tidak ditemukan';
const PAKET_NOT_FOUND = 'Paket tidak ditemukan';

/** Top-level users may read another branch's row; everyone else sees only the current branch. */
function visible(c: AuthedCtx, profileId: number): boolean {
  return profileId === c.branchId || isTopLevel(c.user);
}

async function branchToday(c: Ctx): Promise<string> {
  const b = await q.findBranch(c.db, c.branchId);
  return todayIn(b?.timezone ?? 'Asia/Jakarta');
}

// ---------------------------------------------------------------------------------------------------------
// Package types
// ---------------------------------------------------------------------------------------------------------

export async function listTypes(ctx: Ctx, status?: number): Promise<PaketTypeDto[]> {
  const c = requireUser(ctx);
  return (await q.listTypes(c.db, c.branchId, status)).map(q.toTypeDto);
}

export async function createType(ctx: Ctx, input: PaketTypeInput): Promise<PaketTypeDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const row = await q.insertType(tx.db, {
      profile_id: tx.branchId,
      name: input.name,
      type: input.type,
      start_at: input.start_at,
      end_at: input.end_at ?? null,
      status: input.status,
    });
    await audit(tx, { action: 'create', entity: 'paket_type', entityId: row.id, after: row });
    return q.toTypeDto(row);
  });
}

export async function updateType(ctx: Ctx, id: number, input: PaketTypeInput): Promise<PaketTypeDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findType(tx.db, id);
    if (!before || before.profile_id !== tx.branchId) throw notFound(TYPE_NOT_FOUND);
    const row = await q.updateType(tx.db, id, {
      name: input.name,
      type: input.type,
      start_at: input.start_at,
      end_at: input.end_at ?? null,
      status: input.status,
    });
    await audit(tx, { action: 'update', entity: 'paket_type', entityId: id, before, after: row });
    return q.toTypeDto(row!);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Packages (every change is a new version)
// ---------------------------------------------------------------------------------------------------------

async function itemsByHistory(c: Ctx, historyIds: number[], onlyType?: number): Promise<Map<number, PaketItemDto[]>> {
  const rows = await q.itemsOfHistories(c.db, historyIds, onlyType);
  const out = new Map<number, PaketItemDto[]>();
  for (const r of rows) {
    const list = out.get(r.i.paket_history_id) ?? [];
    list.push(q.toItemDto(r));
    out.set(r.i.paket_history_id, list);
  }
  return out;
}

/** GET /api/paket/history: the current version of each package of the branch (status=1: on sale). */
export async function listHistory(
  ctx: Ctx,
  query: PaketHistoryQuery & Partial<PaketListQuery>,
): Promise<Paged<PaketHistoryDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listCurrentHistories(c.db, {
    profileId: c.branchId,
    status: query.status,
    keyword: query.keyword,
    paketTypeId: query.paket_type_id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const items = await itemsByHistory(
    c,
    rows.map((r) => r.h.id),
  );
  return { data: rows.map((r) => q.toHistoryDto(r.h, r.t, items.get(r.h.id) ?? [])), count };
}

async function ownHistory(c: AuthedCtx, id: number) {
  const row = await q.findHistory(c.db, id);
  if (!row || !visible(c, row.h.profile_id)) throw notFound(PAKET_NOT_FOUND);
  return row;
}

/** One version with its items. */
export async function getHistory(ctx: Ctx, id: number): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const { h, t } = await ownHistory(c, id);
  const items = await itemsByHistory(c, [h.id]);
  return q.toHistoryDto(h, t, items.get(h.id) ?? []);
}

/** GET /api/paket/historyperawatan: the treatments (type 1 items) of a version. */
export async function historyPerawatan(ctx: Ctx, paketHistoryId: number): Promise<PaketItemDto[]> {
  const c = requireUser(ctx);
  const { h } = await ownHistory(c, paketHistoryId);
  return (await itemsByHistory(c, [h.id], 1)).get(h.id) ?? [];
}

/** A package: its current version with items, and every version (newest first). */
export async function getPaket(
  ctx: Ctx,
  paketId: number,
): Promise<{ current: PaketHistoryDto; versions: PaketHistoryDto[] }> {
  const c = requireUser(ctx);
  const p = await q.findPaket(c.db, paketId);
  if (!p || !visible(c, p.profile_id)) throw notFound(PAKET_NOT_FOUND);
  const versions = await q.versionsOf(c.db, paketId);
  const items = await itemsByHistory(
    c,
    versions.map((v) => v.h.id),
  );
  const dtos = versions.map((v) => q.toHistoryDto(v.h, v.t, items.get(v.h.id) ?? []));
  const current = dtos.find((v) => v.is_current) ?? dtos[0];
  return { current, versions: dtos };
}

const REF_KIND: Record<number, masters.MasterKind> = { 1: 'tindakan', 2: 'item', 3: 'formlab' };

/** Checks the type and the items of a version against the branch's masters; answers the item rows to store. */
async function checkVersion(tx: Ctx, input: PaketInput) {
  const t = await q.findType(tx.db, input.paket_type_id);
  if (!t || t.profile_id !== tx.branchId) throw badRequest(TYPE_NOT_FOUND, 'paket_type_id');
  if (t.status !== 1) throw badRequest('Jenis paket tidak aktif', 'paket_type_id');
  const issues: { message: string; field: string }[] = [];
  const seen = new Set<string>();
  for (const kind of [1, 2, 3]) {
    const wanted = input.items.map((it, i) => ({ it, i })).filter((x) => x.it.type === kind);
    if (!wanted.length) continue;
    const found = await masters.activeMastersByIds(tx.db, masters.MASTER_DEFS[REF_KIND[kind]], tx.branchId, [
      ...new Set(wanted.map((w) => w.it.ref_id)),
    ]);
    const ids = new Set(found.map((f) => Number(f.id)));
    for (const w of wanted) {
      if (!ids.has(w.it.ref_id)) {
        issues.push({
          message: `${PAKET_ITEM_TYPES[kind as 1 | 2 | 3]} tidak ditemukan atau tidak aktif di cabang ini`,
          field: `items.${w.i}.ref_id`,
        });
      }
      const key = `${kind}:${w.it.ref_id}`;
      if (seen.has(key)) issues.push({ message: 'Item yang sama tercantum dua kali', field: `items.${w.i}.ref_id` });
      seen.add(key);
    }
  }
  if (issues.length) throw badRequestMany(issues);
  return input.items.map((it) => ({
    type: it.type,
    perawatan_id: it.type === 1 ? it.ref_id : null,
    item_id: it.type === 2 ? it.ref_id : null,
    form_lab_id: it.type === 3 ? it.ref_id : null,
    free_slot: it.free_slot,
    expired_duration: it.expired_duration,
  }));
}

function versionValues(input: PaketInput) {
  const instal = input.installment_schema === 1;
  return {
    code: input.code,
    name: input.name,
    paket_type_id: input.paket_type_id,
    active_at: input.active_at,
    price: toSen(input.price),
    description: input.description ?? null,
    status: input.status,
    installment_schema: input.installment_schema,
    dp_amount: instal ? toSen(input.dp_amount) : 0,
    cicilan_amount: instal ? toSen(input.cicilan_amount) : 0,
    cicilan_attempt: instal ? input.cicilan_attempt : 0,
  };
}

export async function createPaket(ctx: Ctx, input: PaketInput): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const id = await inTransaction(c, async (tx) => {
    if (await q.findPaketByCode(tx.db, tx.branchId, input.code))
      throw conflict(`Kode paket ${input.code} sudah dipakai`, 'code');
    const items = await checkVersion(tx, input);
    const p = await q.insertPaket(tx.db, tx.branchId, input.code);
    const h = await q.insertHistory(tx.db, {
      ...versionValues(input),
      profile_id: tx.branchId,
      paket_id: p.id,
      version: 1,
      is_current: true,
      created_by: c.user.id,
    });
    await q.insertHistoryItems(
      tx.db,
      items.map((i) => ({ ...i, paket_history_id: h.id })),
    );
    await audit(tx, { action: 'create', entity: 'paket_history', entityId: h.id, after: { ...h, items } });
    return h.id;
  });
  return getHistory(c, id);
}

/** A change to a package: the current version retires and a new one (version + 1) becomes current. */
export async function updatePaket(ctx: Ctx, paketId: number, input: PaketInput): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const id = await inTransaction(c, async (tx) => {
    const p = await q.findPaket(tx.db, paketId);
    if (!p || p.profile_id !== tx.branchId) throw notFound(PAKET_NOT_FOUND);
    const same = await q.findPaketByCode(tx.db, tx.branchId, input.code);
    if (same && same.id !== paketId) throw conflict(`Kode paket ${input.code} sudah dipakai`, 'code');
    const items = await checkVersion(tx, input);
    const before = await q.currentHistoryOf(tx.db, paketId);
    if (!before) throw notFound(PAKET_NOT_FOUND);
    await q.retireHistory(tx.db, before.id);
    if (p.code !== input.code) await q.setPaketCode(tx.db, paketId, input.code);
    const h = await q.insertHistory(tx.db, {
      ...versionValues(input),
      profile_id: tx.branchId,
      paket_id: paketId,
      version: before.version + 1,
      is_current: true,
      created_by: c.user.id,
    });
    await q.insertHistoryItems(
      tx.db,
      items.map((i) => ({ ...i, paket_history_id: h.id })),
    );
    await audit(tx, { action: 'new_version', entity: 'paket_history', entityId: h.id, before, after: { ...h, items } });
    return h.id;
  });
  return getHistory(c, id);
}

// ---------------------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------------------

/** An identical registration without a key within this window answers the first one (double clicks, retries). */
const DEDUPE_WINDOW_MS = 2 * 60 * 1000;

async function requirePatient(c: Ctx, id: number) {
  const u = await q.findPerson(c.db, id);
  if (!u || u.role !== 1 || u.profile_id !== c.branchId)
    throw badRequest('Pasien tidak ditemukan di cabang ini', 'customer');
  if (u.status !== 1) throw badRequest('Pasien tidak aktif', 'customer');
  return u;
}

async function requireDoctor(c: Ctx, id: number) {
  const u = await q.findPerson(c.db, id);
  if (!u || u.role !== 2 || u.profile_id !== c.branchId)
    throw badRequest('Dokter tidak ditemukan di cabang ini', 'doctor');
  if (u.status !== 1) throw badRequest('Dokter tidak aktif', 'doctor');
  return u;
}

/** The version on sale: current, active, of this branch, within its type's period and already in force. */
async function requireSellable(c: Ctx, id: number, today: string) {
  const row = await q.findHistory(c.db, id);
  if (!row || row.h.profile_id !== c.branchId) throw badRequest(PAKET_NOT_FOUND, 'paket_history_id');
  const { h, t } = row;
  if (!h.is_current) throw badRequest('Paket sudah diperbarui; pilih ulang paket dari daftar', 'paket_history_id');
  if (h.status !== 1 || t.status !== 1) throw badRequest('Paket tidak aktif', 'paket_history_id');
  if (h.active_at > today) throw badRequest(`Paket baru berlaku mulai ${h.active_at}`, 'paket_history_id');
  if (t.start_at > today || (t.end_at && t.end_at < today))
    throw badRequest('Masa berlaku jenis paket ini sudah berakhir atau belum dimulai', 'paket_history_id');
  return row;
}

async function membershipDto(c: Ctx, id: number, detail = false): Promise<MembershipDto | undefined> {
  const { rows } = await q.listMemberships(c.db, { profileId: c.branchId, id, limit: 1, offset: 0 });
  if (!rows[0]) return undefined;
  const dto = q.toMembershipDto(rows[0]);
  if (detail) {
    dto.slots = await q.slotsOf(c.db, id);
    dto.cicilan = await q.cicilanOf(c.db, id);
  }
  return dto;
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505')
      return !e.constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}

/** A registration already made with this key (or, without a key, the same one within the window). */
async function findReplay(
  c: Ctx,
  input: MembershipInput,
  key: string,
  keyless: boolean,
): Promise<MembershipDto | undefined> {
  const byKey = await q.findMembershipByKey(c.db, c.branchId, key);
  if (byKey) {
    if (
      byKey.customer_id !== input.customer ||
      byKey.doctor_id !== input.doctor ||
      byKey.paket_history_id !== input.paket_history_id
    ) {
      throw conflict('Idempotency-Key ini sudah dipakai untuk registrasi lain');
    }
    return membershipDto(c, byKey.id, true);
  }
  if (keyless) {
    const same = await q.findRecentSame(c.db, {
      profileId: c.branchId,
      customer: input.customer,
      doctor: input.doctor,
      paketHistoryId: input.paket_history_id,
      since: new Date(Date.now() - DEDUPE_WINDOW_MS).toISOString(),
    });
    if (same) return membershipDto(c, same.id, true);
  }
  return undefined;
}

/**
 * POST /api/paket/membership. In one transaction: the membership with its code (numbering service), the slots
 * with their expiry, the instalment schedule and the journal (Dr Piutang Membership / Cr Pendapatan Paket
 * Diterima Dimuka) through the finance posting service. The same Idempotency-Key (or, without one, the same
 * payload within 2 minutes) answers the first registration instead of making a second; a unique index on
 * (profile_id, idempotency_key) stops concurrent duplicates.
 */
export async function register(
  ctx: Ctx,
  input: MembershipInput,
  idempotencyKey?: string,
): Promise<{ data: MembershipDto; created: boolean }> {
  const c = requireUser(ctx);
  const keyless = !idempotencyKey;
  const key = idempotencyKey
    ? `key:${idempotencyKey}`
    : `auto:${input.customer}:${input.doctor}:${input.paket_history_id}:${Math.floor(Date.now() / DEDUPE_WINDOW_MS)}`;
  const replay = await findReplay(c, input, key, keyless);
  if (replay) return { data: replay, created: false };
  try {
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
      const schedule = instalmentSchedule(
        today,
        {
          price: fromSen(h.price),
          installment_schema: h.installment_schema,
          dp_amount: fromSen(h.dp_amount),
          cicilan_amount: fromSen(h.cicilan_amount),
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
          amount: toSen(s.amount),
          paid_amount: 0,
          status: 0,
        })),
      );

      const price = fromSen(h.price);
      const memo = `Registrasi paket ${h.code} ${code} - ${customer.name} (${customer.username})`;
      const jurnal = await postJournal(tx, {
        transaction_at: today,
        memo,
        source_type: 'paket_membership',
        source_id: m.id,
        lines: [
          { akun: ACCOUNT.piutangMembership, description: memo, debit: price, credit: 0 },
          { akun: ACCOUNT.pendapatanPaketDimuka, description: memo, debit: 0, credit: price },
        ],
      });
      const stored = await q.setMembershipJournal(tx.db, m.id, jurnal.id, jurnal.code);
      await audit(tx, {
        action: 'register',
        entity: 'paket_membership',
        entityId: m.id,
        after: { ...stored, schedule },
      });
      return m.id;
    });
    return { data: (await membershipDto(c, id, true))!, created: true };
  } catch (err) {
    if (isUniqueViolation(err, 'paket_membership_idem_idx')) {
      const again = await findReplay(c, input, key, keyless);
      if (again) return { data: again, created: false };
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sales, detail and receivables
// ---------------------------------------------------------------------------------------------------------

export async function listMemberships(ctx: Ctx, query: MembershipListQuery): Promise<Paged<MembershipDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listMemberships(c.db, {
    profileId: c.branchId,
    status: query.status,
    doctor: query.doctor,
    customer: query.customer,
    fromdate: query.fromdate ?? undefined,
    todate: query.todate ?? undefined,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(q.toMembershipDto), count };
}

export async function getMembership(ctx: Ctx, id: number): Promise<MembershipDto> {
  const c = requireUser(ctx);
  const dto = await membershipDto(c, id, true);
  if (!dto) throw notFound('Registrasi paket tidak ditemukan');
  return dto;
}

function bucketOf(dueDate: string, asof: string): AgeingBucket {
  if (dueDate >= asof) return 'belum_jatuh_tempo';
  const days = Math.round((Date.parse(asof) - Date.parse(dueDate)) / 86_400_000);
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90_plus';
}

/** Membership receivables: outstanding instalments per patient, aged by days past due. */
export async function piutang(ctx: Ctx, query: PiutangQuery): Promise<Paged<PiutangRowDto>> {
  const c = requireUser(ctx);
  const asof = query.asof ?? (await branchToday(c));
  const rows = await q.outstandingInstalments(c.db, c.branchId, query.keyword);
  const byCustomer = new Map<number, { dto: PiutangRowDto; sen: Record<AgeingBucket | 'total', number> }>();
  for (const r of rows) {
    const id = Number(r.customer_id);
    let e = byCustomer.get(id);
    if (!e) {
      e = {
        dto: {
          customer: id,
          customerdata: { id, name: r.name, username: r.username },
          memberships: [],
          total: 0,
          belum_jatuh_tempo: 0,
          d1_30: 0,
          d31_60: 0,
          d61_90: 0,
          d90_plus: 0,
          oldest_due: null,
        },
        sen: { total: 0, belum_jatuh_tempo: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
      };
      byCustomer.set(id, e);
    }
    const amount = Number(r.outstanding);
    e.sen[bucketOf(r.due_date, asof)] += amount;
    e.sen.total += amount;
    if (!e.dto.memberships.includes(r.code)) e.dto.memberships.push(r.code);
    if (!e.dto.oldest_due || r.due_date < e.dto.oldest_due) e.dto.oldest_due = r.due_date;
  }
  const data = [...byCustomer.values()].map(({ dto, sen }) => {
    dto.total = fromSen(sen.total);
    for (const b of AGEING_BUCKETS) dto[b] = fromSen(sen[b]);
    return dto;
  });
  return { data, count: data.length };
}

// ---------------------------------------------------------------------------------------------------------
// Agreement PDF and the active period
// ---------------------------------------------------------------------------------------------------------

/** Whether the branch has an active finance period (the wizard's download needs one). */
export async function activePeriod(ctx: Ctx) {
  const c = requireUser(ctx);
  return getActivePeriod(c);
}

/**
 * GET /api/paket/export/agreement/{profile_id}/{customer}/{paket_history_id}[?doctor=]: the instalment
 * agreement as a PDF, rendered from HTML by the warm Chromium. Refused without an active finance period.
 */
export async function agreementPdf(
  ctx: Ctx,
  p: { profile_id: number; customer: number; paket_history_id: number; doctor?: number },
): Promise<{ pdf: Buffer; filename: string }> {
  const c = requireUser(ctx);
  if (p.profile_id !== c.branchId) throw notFound('Cabang tidak ditemukan');
  await requireActivePeriod(c);
  const branch = await q.findBranch(c.db, c.branchId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  const today = todayIn(branch.timezone);
  const customer = await requirePatient(c, p.customer);
  const doctor = p.doctor ? await requireDoctor(c, p.doctor) : null;
  const row = await q.findHistory(c.db, p.paket_history_id);
  if (!row || row.h.profile_id !== c.branchId) throw notFound(PAKET_NOT_FOUND);
  const { h, t } = row;
  const items = await q.itemsOfHistories(c.db, [h.id]);
  const price = fromSen(h.price);
  const paketTerms = {
    price,
    installment_schema: h.installment_schema,
    dp_amount: fromSen(h.dp_amount),
    cicilan_amount: fromSen(h.cicilan_amount),
    cicilan_attempt: h.cicilan_attempt,
  };
  const data: AgreementData = {
    branch: {
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      email: branch.email,
      logoDataUrl: await logoDataUrl(c.config.uploadDir, branch.logo),
    },
    date: today,
    patient: {
      name: customer.name,
      norm: customer.username,
      idcard: customer.idcard,
      birth_place: customer.birth_place,
      birth_date: customer.birth_date,
      address: customer.address,
      phone: customer.phone,
      wali_name: customer.wali_name,
      wali_idcard: customer.wali_idcard,
      wali_phone: customer.wali_phone,
    },
    doctor: doctor ? { name: doctor.name } : null,
    clinicSigner: c.user.name,
    paket: {
      code: h.code,
      name: h.name,
      typename: t.name,
      version: h.version,
      description: h.description,
      ...paketTerms,
    },
    contents: items.map((r) => {
      const l = q.itemLabel(r);
      return {
        typename: PAKET_ITEM_TYPES[r.i.type as 1 | 2 | 3] ?? '',
        code: l.code,
        name: l.name,
        unit: l.unit,
        free_slot: r.i.free_slot,
        expired_duration: r.i.expired_duration,
        expired_at: addDays(today, r.i.expired_duration),
      };
    }),
    schedule: instalmentSchedule(today, paketTerms, addMonths),
  };
  const pdf = await c.services.pdf.render(agreementHtml(data));
  return { pdf, filename: `perjanjian-${h.code}-${customer.username}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') };
}
