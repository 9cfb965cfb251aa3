/**
 * Automatic journal settings (issue 28 item 7): GET /api/finance/autoposting (every key of the branch with the
 * version in force today and its history), PUT /api/finance/autoposting/{key} { akun, effective_from } (a new version
 * from a date: nothing is edited in place) and POST /api/finance/autoposting/preview { source_type, source } (what a
 * posted document's journal would book under the mapping in force, or with the change being edited; nothing written).
 * A change needs the finance manage right and no second person (docs/decisions.md "Automatic journal settings").
 */
import {
  AUTOPOST_KEY_LIST,
  AUTOPOST_KEYS,
  fromSen,
  isAutopostKey,
  isValidDate,
  formatDate,
  sumSen,
  asSen,
  type AutopostingDto,
  type AutopostingPreviewDto,
  type AutopostingPreviewInput,
  type AutopostingUpdateInput,
  type AutopostingVersionDto,
  type AutopostKey,
} from '@klinik/shared';
import * as aq from '../queries/autoposting.js';
import { financeAutoposting } from '../../../db/schema/index.js';
import { requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import * as q from '../queries.js';
import { keyLabel, mappingAt } from './resolve.js';
import { accountProblem } from '../account-check.js';

type VersionRow = aq.VersionRow;

function versions(ctx: Ctx, key?: string): Promise<VersionRow[]> {
  return aq.versions(ctx.db, ctx.branchId, key);
}

function versionDto(r: VersionRow): AutopostingVersionDto {
  return {
    id: Number(r.id),
    akun_id: Number(r.akun_id),
    akun: r.akun,
    akunname: r.akunname,
    effective_from: r.effective_from,
    created_by: r.created_by,
    created_at: r.created_at,
  };
}

type Sample = NonNullable<AutopostingDto['sample']>;

/** Per key, the latest journal of a document of ctx.branchId that posted with it. */
async function samples(ctx: Ctx, key?: string): Promise<Map<string, Sample>> {
  const rows = await aq.samples(ctx.db, ctx.branchId, key);
  return new Map(rows.map(({ key: k, ...r }) => [k, r]));
}

function toDtos(
  rows: VersionRow[],
  today: string,
  keys: readonly AutopostKey[],
  sampleOf: Map<string, Sample>,
): AutopostingDto[] {
  return keys.map((key) => {
    const history = rows.filter((r) => r.key === key).map(versionDto);
    const def = AUTOPOST_KEYS[key];
    return {
      key,
      group: def.group,
      label: def.label,
      default: def.default,
      current: history.find((h) => h.effective_from <= today) ?? null,
      history,
      sample: sampleOf.get(key) ?? null,
    };
  });
}

export async function listAutoposting(ctx: Ctx): Promise<AutopostingDto[]> {
  const c = requireUser(ctx);
  return toDtos(await versions(c), await c.today(), AUTOPOST_KEY_LIST, await samples(c));
}

/** An account named by id or code that a posting of ctx.branchId may use, or a 400 on `field`. */
async function usableAccount(ctx: Ctx, ref: number | string, field: string) {
  const s = String(ref).trim();
  const byCode = await q.findAkunByCode(ctx.db, s);
  const a = byCode ?? (/^\d+$/.test(s) && Number(s) < 2 ** 31 ? await q.findAkun(ctx.db, Number(s)) : undefined);
  if (!a) throw badRequest('Akun tidak ditemukan', field);
  const problem = accountProblem(ctx, a);
  if (problem) throw badRequest(`Akun ${a.code} ${a.name} ${problem}`, field);
  return a;
}

export async function updateAutoposting(ctx: Ctx, key: string, input: AutopostingUpdateInput): Promise<AutopostingDto> {
  const c = requireUser(ctx);
  if (!isAutopostKey(key)) throw notFound('Pengaturan jurnal otomatis tidak ditemukan');
  if (!isValidDate(input.effective_from))
    throw badRequest('Tanggal berlaku tidak valid (format YYYY-MM-DD)', 'effective_from');
  const period = await q.activePeriode(c.db, c.branchId);
  if (period && input.effective_from < period.start_date) {
    throw badRequest(
      `Tanggal berlaku tidak boleh sebelum awal periode pembukuan aktif (${formatDate(period.start_date)})`,
      'effective_from',
    );
  }
  const a = await usableAccount(c, input.akun, 'akun');
  const [row] = await c.db
    .insert(financeAutoposting)
    .values({
      profile_id: c.branchId,
      key,
      akun_id: a.id,
      effective_from: input.effective_from,
      created_by: c.user.id,
    })
    .returning();
  await audit(c, {
    action: 'create',
    entity: 'finance_autoposting',
    entityId: row.id,
    after: { key, akun: a.code, effective_from: input.effective_from },
  });
  return toDtos(await versions(c, key), await c.today(), [key], await samples(c, key))[0];
}

export async function previewAutoposting(ctx: Ctx, input: AutopostingPreviewInput): Promise<AutopostingPreviewDto> {
  const c = requireUser(ctx);
  const date = input.date ?? (await c.today());
  if (!isValidDate(date)) throw badRequest('Tanggal tidak valid (format YYYY-MM-DD)', 'date');
  const lines = await aq.documentLines(c.db, c.branchId, input.source_type, String(input.source));
  if (!lines.length) throw notFound('Dokumen tidak ditemukan atau belum memiliki jurnal');
  const keys = [...new Set(lines.flatMap((l) => (l.autopost_key ? [l.autopost_key] : [])))];
  const map = await mappingAt(c.db, c.branchId, keys, date);
  let change: { key: string; akun: string; akunname: string } | null = null;
  if (input.change) {
    if (!isAutopostKey(input.change.key)) throw badRequest('Kunci jurnal otomatis tidak dikenal', 'change.key');
    const a = await usableAccount(c, input.change.akun, 'change.akun');
    change = { key: input.change.key, akun: a.code, akunname: a.name };
  }
  const out = lines.map((l) => {
    const key = l.autopost_key;
    const m = key ? map.get(key) : undefined;
    const target =
      key && change?.key === key
        ? { akun: change.akun, akunname: change.akunname }
        : m
          ? { akun: m.code, akunname: m.name }
          : { akun: l.akun, akunname: l.akunname };
    if (key && !m && change?.key !== key)
      throw badRequest(`Pengaturan jurnal otomatis ${keyLabel(key)} belum diatur per ${formatDate(date)}`);
    return {
      key,
      label: key && isAutopostKey(key) ? AUTOPOST_KEYS[key].label : null,
      ...target,
      posted_akun: l.akun,
      description: l.description,
      debit: fromSen(asSen(Number(l.debit))),
      credit: fromSen(asSen(Number(l.credit))),
    };
  });
  return {
    source_type: input.source_type,
    source: input.source,
    date,
    lines: out,
    debit: fromSen(sumSen(lines.map((l) => asSen(Number(l.debit))))),
    credit: fromSen(sumSen(lines.map((l) => asSen(Number(l.credit))))),
  };
}
