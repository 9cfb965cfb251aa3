import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { apiModules } from '../src/modules.js';
import type { AnyEndpoint, EndpointTree } from '../src/http/endpoint.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { callerFor, checksum, closeChecksum, envB, htmlPdf, WALK_TIMEOUT } from './cross-branch-env.js';
import { entityFactories } from './factories/index.js';

/**
 * The cross-branch walk over every input that names an entity (issue 27 item 3), beside the walk by id
 * (test/cross-branch.test.ts): every `*_id`, `customer`, `patient`, `visit`, `item`, `warehouse`, `doctor`, `resep`,
 * ... field of every endpoint's zod input, nested in arrays of lines too, found from the input schema. For each, the
 * entity's test factory creates a row in branch B; a user of branch A with every privilege the endpoint needs calls
 * it with an input whose other fields are filled from the schema and that field naming B's row. Expected: a change
 * is refused (400/403/404/409), never done; a read answers at most an empty branch-A answer; nothing is written.
 * A field that names an entity the map below does not know fails the walk (add it to `REFS`).
 */

/** Which factory's entity an input field names (the field's last segment; array lines too). */
const REFS: Record<string, string | null> = {
  customer: 'medicalRecords.patient',
  patient: 'medicalRecords.patient',
  visit: 'visits.visit',
  item: 'masters.item',
  warehouse: 'inventory.warehouse',
  vendor: 'inventory.vendor',
  doctor: 'doctors.practising',
  doctor_id: 'doctors.practising',
  perawatan: 'masters.tindakan',
  form_lab: 'masters.formlab',
  akun: 'finance.akun',
  akun_id: 'finance.akun',
  parent_id: 'finance.akun',
  resep: 'stockFlows.resep',
  label: 'multimedia.label',
  department: 'attendance.department',
  department_id: 'attendance.department',
  employee: 'attendance.employee',
  user: 'attendance.employee',
  members: 'attendance.employee',
  shift: 'attendance.shift',
  paket_type_id: 'paket.type',
  paket_history_id: 'paket.history',
  category_id: 'inventory.category',
  partner_id: 'investors.investor',
  season_id: 'season.season',
  // Not an entity of one table: the line's kind says which (checked by the owning module's tests).
  ref_id: null,
  // Lists of lines, not ids: their fields are walked one by one.
  items: null,
};
/** References to another branch's row that a rule allows, with the rule (docs/decisions.md). */
const ALLOWED: Record<string, string> = {
  'doctors.addPractice doctor_id':
    "'Doctors practising in several branches': a branch adds any active doctor account of the organisation",
};

const REF_KEY =
  /(_id$|^(patient|customer|visit|item|items|resep|doctor|nurse|warehouse|vendor|perawatan|form_lab|label|employee|user|akun|members|department|shift)$)/;

type Js = {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Js[];
  allOf?: Js[];
  oneOf?: Js[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  default?: unknown;
};

/** Merges `allOf` parts (z.and) into one object schema. */
function flat(js: Js): Js {
  if (js.allOf) {
    const parts = js.allOf.map(flat);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  const alt = js.anyOf ?? js.oneOf;
  if (alt) return flat(alt.find((a) => a.type !== 'null') ?? alt[0]);
  return js;
}

/** A plausible value of a schema (the walk needs the other fields valid enough to reach the reference). */
function sample(raw: Js): unknown {
  const js = flat(raw);
  if (js.const !== undefined) return js.const;
  if (js.enum) return js.enum[0];
  if (js.default !== undefined) return js.default;
  const type = Array.isArray(js.type) ? js.type.find((x) => x !== 'null') : js.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of js.required ?? []) if (js.properties?.[k]) out[k] = sample(js.properties[k]);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, js.minItems ?? 1) }, () => sample(js.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, (js.minimum ?? js.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string':
      if (js.format === 'date' || js.pattern?.includes('\\d{4}')) return '2026-11-23';
      if (js.format === 'date-time') return '2026-11-23T03:00:00.000Z';
      return 'Uji lintas cabang'.padEnd(js.minLength ?? 0, 'x');
    default:
      return 1;
  }
}

interface Ref {
  /** Path of the field: `customer`, `items[].item`, `data.doctor_id`. */
  path: string;
  key: string;
  array: boolean;
}

function refsOf(raw: Js, prefix = ''): Ref[] {
  const js = flat(raw);
  const out: Ref[] = [];
  for (const [k, v0] of Object.entries(js.properties ?? {})) {
    const v = flat(v0);
    const path = prefix ? `${prefix}.${k}` : k;
    const lines = v.type === 'array' && v.items && flat(v.items).type === 'object';
    if (REF_KEY.test(k) && k !== 'profile_id' && !lines) out.push({ path, key: k, array: v.type === 'array' });
    if (lines) out.push(...refsOf(v.items!, `${path}[]`));
    if (v.type === 'object') out.push(...refsOf(v, path));
  }
  return out;
}

/** The input with the field at `path` set to `id` (array lines: the first line's; an array of ids: [id]). */
function withRef(input: Record<string, unknown>, ref: Ref, id: number): Record<string, unknown> {
  const copy = structuredClone(input);
  const parts = ref.path.split('.');
  let at: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) {
    if (part.endsWith('[]')) {
      const key = part.slice(0, -2);
      const list = (Array.isArray(at[key]) && (at[key] as unknown[]).length ? at[key] : [{}]) as Record<
        string,
        unknown
      >[];
      at[key] = list;
      at = list[0];
    } else {
      at[part] = (typeof at[part] === 'object' && at[part]) || {};
      at = at[part] as Record<string, unknown>;
    }
  }
  at[parts[parts.length - 1]] = ref.array ? [id] : id;
  return copy;
}

interface Target {
  name: string;
  e: AnyEndpoint;
  refs: Ref[];
}
function walk(prefix: string, tree: EndpointTree, out: Target[]): Target[] {
  for (const [key, v] of Object.entries(tree)) {
    const name = `${prefix}.${key}`;
    if (typeof (v as AnyEndpoint).handler !== 'function' || !('access' in v)) {
      walk(name, v as EndpointTree, out);
      continue;
    }
    const e = v as AnyEndpoint;
    // Top-level users read every branch by rule (docs/decisions.md, platform): their reads are not walked.
    if (!e.input || !e.trpc || (e.access.kind === 'toplevel' && e.type === 'query')) continue;
    const js = z.toJSONSchema(e.input, { io: 'input', unrepresentable: 'any' }) as Js;
    // An input with an id: the walk by id covers it (the id is checked first, another branch's is 404).
    if (flat(js).properties?.id) continue;
    const refs = refsOf(js);
    if (refs.length) out.push({ name, e, refs });
  }
  return out;
}

const targets = Object.entries(apiModules).flatMap(([m, tree]) => walk(m, tree, []));

let t: TestApp;
let branchA: number;
const callers = new Map<string, TestUser>();
beforeAll(async () => {
  t = await createTestApp({}, { pdf: htmlPdf });
  branchA = await t.makeBranch({ name: 'Cabang A (pemanggil, kosong)' });
});
afterAll(async () => {
  await closeChecksum(t);
  await t.close();
});

/** Whether an answer holds anything (branch A is empty: a non-empty answer is another branch's data). */
function holdsData(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('data' in o && 'count' in o) return holdsData(o.data);
    return Object.keys(o).length > 0;
  }
  return v !== null && v !== undefined;
}

describe('cross-branch walk over every input that names an entity', () => {
  it('finds the endpoints, and every field names an entity the walk knows', () => {
    expect(targets.length).toBeGreaterThan(30);
    const unknown = targets.flatMap((x) => x.refs.filter((r) => !(r.key in REFS)).map((r) => `${x.name}: ${r.path}`));
    expect(unknown, 'input fields naming an entity without an entry in REFS').toEqual([]);
    const noFactory = [...new Set(Object.values(REFS).filter((f): f is string => !!f && !entityFactories[f]))];
    expect(noFactory).toEqual([]);
  });

  it("never reads or writes another branch's entity named in an input", { timeout: WALK_TIMEOUT }, async () => {
    const failures: string[] = [];
    const created = new Map<string, number>();
    let reached = 0;
    for (const x of targets) {
      const caller = await callerFor(t, branchA, callers, x.e.access);
      const base = sample(z.toJSONSchema(x.e.input!, { io: 'input', unrepresentable: 'any' }) as Js) as Record<
        string,
        unknown
      >;
      for (const ref of x.refs) {
        const entity = REFS[ref.key];
        if (!entity) continue;
        if (!created.has(entity)) created.set(entity, (await entityFactories[entity].create(await envB(t))).id);
        const input = withRef(base, ref, created.get(entity)!);
        if (ALLOWED[`${x.name} ${ref.path}`]) continue;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking the router by name
        let proc: any = t.trpc(caller);
        for (const part of x.name.split('.')) proc = proc[part];
        const before = await checksum(t);
        let code = 'OK';
        let answer: unknown;
        try {
          answer = await proc(input);
        } catch (err) {
          code = err instanceof TRPCError ? err.code : `${String(err)}`;
        }
        const after = await checksum(t);
        const label = `${x.name} ${ref.path}`;
        if (code !== 'BAD_REQUEST') reached++;
        if (code === 'OK' && x.e.type === 'mutation') failures.push(`${label}: done with another branch's entity`);
        else if (code === 'OK' && holdsData(answer))
          failures.push(`${label}: answered ${JSON.stringify(answer).slice(0, 120)}`);
        else if (!['OK', 'BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT'].includes(code))
          failures.push(`${label}: ${code}`);
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        if (changed.length) failures.push(`${label} changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the references (not every call stopped at an unrelated field).
    expect(reached).toBeGreaterThan(30);
  });
});
