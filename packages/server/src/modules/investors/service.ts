import {
  asSen,
  bpToPercent,
  fromSen,
  percentBpOf,
  toSen,
  type DevidenBasis,
  type DevidenSettingDto,
  type DevidenSettingInput,
  type DevidenSettingQuery,
  type InvestorDto,
  type InvestorInput,
  type InvestorKind,
  type InvestorListQuery,
  type InvestorPartyType,
  type Paged,
  type TaxTreatment,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound, pgErrorOf } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess, requireReference } from '../../http/access-scope.js';
import { TINDAKAN } from '../masters/index.js';
import { ownInvestorUser } from './access.js';
import { INVESTOR } from './entities.js';
import * as q from './queries.js';

/**
 * Investors, hospitals, laboratories and partners of a branch and their deviden settings (issue 29 part B).
 * docs/decisions.md, "Investors, distributions and PPh 21 bukan pegawai".
 */
export function investorDto(r: q.InvestorRow): InvestorDto {
  return {
    id: r.id,
    profile_id: r.profile_id,
    kind: r.kind as InvestorKind,
    party_type: r.party_type as InvestorPartyType,
    name: r.name,
    nik: r.nik,
    npwp: r.npwp,
    country: r.country,
    address: r.address,
    phone: r.phone,
    bank_name: r.bank_name,
    bank_account: r.bank_account,
    bank_holder: r.bank_holder,
    tax_treatment: r.tax_treatment as TaxTreatment,
    user: r.user_id,
    status: r.status,
    created_at: r.created_at,
  };
}

export async function listInvestors(ctx: Ctx, query: InvestorListQuery): Promise<Paged<InvestorDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listInvestors(c.db, {
    scope: branchScope(c, query),
    keyword: query.keyword,
    kind: query.kind,
    userId: ownInvestorUser(c),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(investorDto), count };
}

/** One investor row; an investor account reads only its own (another one is 404, like another branch's). */
export async function getInvestor(ctx: Ctx, id: number): Promise<InvestorDto> {
  const c = requireUser(ctx);
  await requireAccess(c, INVESTOR, [id], 'read');
  const row = await q.findInvestor(c.db, id);
  const own = ownInvestorUser(c);
  if (!row || (own !== null && row.user_id !== own)) throw notFound(INVESTOR.notFound);
  return investorDto(row);
}

function values(input: InvestorInput) {
  const foreign = input.party_type === 'foreign';
  return {
    kind: input.kind,
    party_type: input.party_type,
    name: input.name,
    nik: foreign ? null : (input.nik ?? null),
    npwp: foreign ? null : (input.npwp ?? null),
    country: foreign ? (input.country?.trim() ?? null) : null,
    address: input.address ?? null,
    phone: input.phone ?? null,
    bank_name: input.bank_name ?? null,
    bank_account: input.bank_account ?? null,
    bank_holder: input.bank_holder ?? null,
    tax_treatment: input.tax_treatment,
    user_id: input.user ?? null,
    status: input.status,
  };
}

async function checkAccount(ctx: Ctx, input: InvestorInput): Promise<void> {
  if (input.user && !(await q.investorAccount(ctx.db, input.user, ctx.branchId)))
    throw badRequest('Akun investor tidak ditemukan di cabang ini', 'user');
}

export async function createInvestor(ctx: Ctx, input: InvestorInput): Promise<InvestorDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkAccount(tx, input);
    const row = await q.insertInvestor(tx.db, { ...values(input), profile_id: c.branchId, created_by: c.user.id });
    await audit(tx, { action: 'create', entity: 'investor', entityId: row.id, after: row });
    return investorDto(row);
  });
}

export async function updateInvestor(ctx: Ctx, id: number, input: InvestorInput): Promise<InvestorDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, INVESTOR, [id], 'write');
    const before = await q.findInvestor(tx.db, id);
    if (!before) throw notFound(INVESTOR.notFound);
    await checkAccount(tx, input);
    const row = await q.updateInvestor(tx.db, id, values(input));
    await audit(tx, { action: 'update', entity: 'investor', entityId: id, before, after: row });
    return investorDto(row);
  });
}

function settingDto(r: q.SettingListRow): DevidenSettingDto {
  return {
    id: r.id,
    profile_id: r.profile_id,
    investor: r.investor_id,
    investor_name: r.investor_name,
    basis: r.basis as DevidenBasis,
    perawatan: r.perawatan_id,
    perawatan_name: r.perawatan_name,
    percent: r.percent_bp === null ? null : bpToPercent(r.percent_bp),
    amount: r.amount === null ? null : fromSen(asSen(r.amount)),
    effective_from: r.effective_from,
    effective_to: r.effective_to,
    note: r.note,
    status: r.status,
  };
}

export async function listSettings(ctx: Ctx, query: DevidenSettingQuery): Promise<DevidenSettingDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listSettings(c.db, {
    scope: branchScope(c),
    investor: query.investor,
    date: query.date,
    userId: ownInvestorUser(c),
  });
  return rows.map(settingDto);
}

/** A new setting; overlapping another of the same investor and target is refused by the database (trigger). */
export async function createSetting(ctx: Ctx, input: DevidenSettingInput): Promise<DevidenSettingDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireReference(tx, INVESTOR, [input.investor], 'investor');
    const inv = await q.findInvestor(tx.db, input.investor);
    if (!inv || inv.status !== 1) throw badRequest('Investor tidak aktif', 'investor');
    if (input.basis === 'procedure' && input.perawatan)
      await requireReference(tx, TINDAKAN, [input.perawatan], 'perawatan');
    const row = await q
      .insertSetting(tx.db, {
        profile_id: c.branchId,
        investor_id: input.investor,
        basis: input.basis,
        perawatan_id: input.basis === 'procedure' ? (input.perawatan ?? null) : null,
        percent_bp: percentBpOf(input.percent),
        amount: input.amount === undefined || input.amount === null ? null : toSen(input.amount),
        effective_from: input.effective_from,
        effective_to: input.effective_to ?? null,
        note: input.note ?? null,
        created_by: c.user.id,
      })
      .catch((err: unknown) => {
        const pg = pgErrorOf(err);
        if (pg?.code === '23514' && !pg.constraint && pg.message) throw badRequest(pg.message, 'effective_from');
        throw err;
      });
    await audit(tx, { action: 'create', entity: 'deviden_setting', entityId: row.id, after: row });
    const full = await q.findSetting(tx.db, row.id);
    return settingDto(full!);
  });
}
