import {
  VISIT_KIND_LABEL,
  VISIT_KINDS,
  type Paged,
  type SatusehatLookupInput,
  type SatusehatMapInput,
  type SatusehatMapQuery,
  type SatusehatMapRowDto,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { SatusehatAuthError, SatusehatRetryable } from './client/index.js';
import { clientFor } from './connection.js';
import * as q from './queries/index.js';

/**
 * Master mappings of a branch (issue 31 item 2): locations per visit kind, practitioners' and patients' IHS numbers
 * (looked up by NIK), items to KFA, treatments to ICD-9-CM. Vital signs to LOINC is a fixed table (fhir/codes.ts).
 */

const maskNik = (nik: string | null) => (nik ? `${'•'.repeat(Math.max(0, nik.length - 4))}${nik.slice(-4)}` : null);

export async function listMaps(ctx: Ctx, query: SatusehatMapQuery): Promise<Paged<SatusehatMapRowDto>> {
  const c = requireUser(ctx);
  if (query.kind === 'location') {
    const maps = new Map((await q.mapsOfKind(c.db, c.branchId, 'location')).map((m) => [m.local_key, m]));
    const rows = VISIT_KINDS.map((k) => {
      const m = maps.get(k);
      return {
        kind: 'location' as const,
        local_key: k,
        name: VISIT_KIND_LABEL[k],
        nik: null,
        code: m?.code ?? null,
        display: m?.display ?? null,
        updated_at: m?.updated_at ?? null,
      };
    }).filter((r) => !query.unmapped || !r.code);
    return { data: rows, count: rows.length };
  }
  const { rows, count } = await q.localThings(c.db, c.branchId, query.kind, {
    keyword: query.keyword,
    unmapped: query.unmapped === 1,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const maps = await q.mapsOf(
    c.db,
    c.branchId,
    query.kind,
    rows.map((r) => r.local_key),
  );
  return {
    data: rows.map((r) => {
      const m = maps.get(r.local_key);
      return {
        kind: query.kind,
        local_key: r.local_key,
        name: r.name,
        nik: maskNik(r.nik),
        code: m?.code ?? r.own_code ?? null,
        display: m?.display ?? null,
        updated_at: m?.updated_at ?? null,
      };
    }),
    count,
  };
}

const CODE_RULES: Record<SatusehatMapInput['kind'], { re: RegExp; message: string }> = {
  location: { re: /^[A-Za-z0-9-]{1,80}$/, message: 'ID Location hanya huruf, angka dan tanda -' },
  practitioner: { re: /^[0-9]{6,20}$/, message: 'Nomor IHS nakes berupa angka' },
  patient: { re: /^P[0-9]{6,20}$/, message: 'Nomor IHS pasien diawali P lalu angka' },
  item: { re: /^[0-9]{5,20}$/, message: 'Kode KFA berupa angka' },
  treatment: { re: /^[0-9]{2}(\.[0-9]{1,2})?$/, message: 'Kode ICD-9-CM seperti 96.59' },
};

/** PUT /api/satusehat/mappings: maps one thing of the current branch (a newer code replaces the older). */
export async function saveMap(ctx: Ctx, input: SatusehatMapInput): Promise<SatusehatMapRowDto> {
  const c = requireUser(ctx);
  const rule = CODE_RULES[input.kind];
  if (!rule.re.test(input.code)) throw badRequest(rule.message, 'code');
  if (input.kind === 'location') {
    if (!(VISIT_KINDS as readonly string[]).includes(input.local_key))
      throw badRequest('Jenis kunjungan tidak dikenal', 'local_key');
  } else if (!(await q.localExists(c.db, c.branchId, input.kind, input.local_key))) {
    throw notFound('Data yang dipetakan tidak ditemukan');
  }
  let display = input.display ?? null;
  if (input.kind === 'treatment') {
    const name = await q.icd9Name(c.db, input.code);
    if (!name) throw badRequest('Kode ICD-9-CM tidak dikenal', 'code');
    display = display ?? name;
  }
  return inTransaction(c, async (tx) => {
    const before = await q.mapsOf(tx.db, tx.branchId, input.kind, [input.local_key]);
    const row = await q.upsertMap(tx.db, {
      profile_id: tx.branchId,
      kind: input.kind,
      local_key: input.local_key,
      code: input.code,
      display,
      updated_by: c.user.id,
    });
    await audit(tx, {
      action: before.size ? 'update' : 'create',
      entity: 'satusehat_map',
      entityId: row.id,
      before: before.get(input.local_key) ?? null,
      after: row,
    });
    return {
      kind: input.kind,
      local_key: row.local_key,
      name: input.local_key,
      nik: null,
      code: row.code,
      display: row.display,
      updated_at: row.updated_at,
    };
  });
}

/**
 * POST /api/satusehat/mappings/lookup: IHS numbers of practitioners or patients looked up by NIK with the branch's
 * credentials (patients are never created at SATUSEHAT). Without ids: the first 50 not mapped yet.
 */
export async function lookup(
  ctx: Ctx,
  input: SatusehatLookupInput,
): Promise<{ found: number; not_found: string[]; errors: string[] }> {
  const c = requireUser(ctx);
  const made = clientFor(c, await q.findSetting(c.db, c.branchId));
  if ('error' in made) throw badRequest(made.error);
  let ids = input.ids ?? [];
  if (!ids.length) {
    const { rows } = await q.localThings(c.db, c.branchId, input.kind, { unmapped: true, limit: 50, offset: 0 });
    ids = rows.map((r) => Number(r.local_key));
  }
  for (const id of ids)
    if (!(await q.localExists(c.db, c.branchId, input.kind, String(id))))
      throw notFound('Data yang dicari tidak ditemukan');
  const people = await q.niksOf(c.db, ids);
  let found = 0;
  const missing: string[] = [];
  const errors: string[] = [];
  for (const p of people) {
    if (!p.nik || !/^[0-9]{16}$/.test(p.nik)) {
      missing.push(`${p.name}: NIK belum diisi`);
      continue;
    }
    try {
      const hit =
        input.kind === 'practitioner'
          ? await made.client.practitionerByNik(p.nik)
          : await made.client.patientByNik(p.nik);
      if (!hit) {
        missing.push(`${p.name}: NIK tidak ditemukan di SATUSEHAT`);
        continue;
      }
      await saveMap(c, { kind: input.kind, local_key: String(p.id), code: hit.ihs, display: hit.name });
      found++;
    } catch (err) {
      if (err instanceof SatusehatAuthError || err instanceof SatusehatRetryable) {
        errors.push(err.message);
        break;
      }
      errors.push(`${p.name}: ${(err as Error).message}`);
    }
  }
  return { found, not_found: missing, errors };
}
