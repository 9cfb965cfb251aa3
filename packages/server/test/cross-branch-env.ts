import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { allows, RESOURCES, ROLE_IDS, ROLE_NAMES, type Access, type Privilege, type RoleName } from '@klinik/shared';
import { queryRows } from '../src/db/client.js';
import type { TestApp, TestUser } from './helpers.js';
import type { FactoryEnv } from './factories/index.js';
import type { PdfRenderer } from '../src/pdf/renderer.js';

/**
 * What the cross-branch walks share (test/cross-branch.test.ts by id, test/cross-branch-refs.test.ts by every input
 * that names an entity): a caller of branch A with the privileges a route needs, a fresh branch B for each factory
 * call, and a checksum of every table that any write changes.
 */

/**
 * The walks' PDF renderer: the document's HTML as the bytes, behind a PDF header, without a browser. A printout
 * route is walked for its id check (404 in branch A, before any document is made) and its own-branch control (200
 * in branch B: the row is real); neither is about the rendering, which each module's own tests check on Chromium
 * (medicalLists, kasir-bill, payroll, investors, sharing runs, paket, expenses). Starting Chromium and rendering
 * the controls' printouts was 10-15 s of the walk under load.
 */
export const htmlPdf: PdfRenderer = {
  render: (html) => Promise.resolve(Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.from(html)])),
  warm: () => Promise.resolve(true),
  close: () => Promise.resolve(),
};

export const everything = (): Privilege[] =>
  RESOURCES.map((r) => ({ fiturcode: r, iscanread: true, iscanmanage: true }));

/** A user of branch A whom the route's access lets in (non-top-level unless the route is for top-level users). */
export async function callerFor(
  t: TestApp,
  branchA: number,
  callers: Map<string, TestUser>,
  a: Access,
): Promise<TestUser> {
  let key: string;
  let make: () => Promise<TestUser>;
  switch (a.kind) {
    case 'toplevel':
      key = 'owner';
      make = () =>
        t.makeUser('manager', { branchId: branchA, toplevel: 'owner', privileges: everything(), password: null });
      break;
    case 'all':
    case 'roles': {
      // The first staff role (manager first) with every privilege that the access lets in.
      const role = (['manager', ...ROLE_NAMES] as RoleName[]).find(
        (r) =>
          r !== 'customer' && allows({ role: ROLE_IDS[r], rolename: r, roletoplevel: 0, previleges: everything() }, a),
      );
      if (!role) throw new Error(`no staff role allowed by ${JSON.stringify(a)}`);
      key = role;
      make = () => t.makeUser(role, { branchId: branchA, privileges: everything(), password: null });
      break;
    }
    default:
      key = 'manager';
      make = () => t.makeUser('manager', { branchId: branchA, privileges: everything(), password: null });
  }
  if (!callers.has(key)) callers.set(key, await make());
  return callers.get(key)!;
}

/** A fresh branch B with its users, for one factory call. */
export async function envB(t: TestApp): Promise<FactoryEnv> {
  const branch = await t.makeBranch({ name: 'Cabang B (pemilik baris)' });
  const manager = await t.makeUser('manager', { branchId: branch, privileges: everything(), password: null });
  const owner = await t.makeUser('manager', {
    branchId: branch,
    toplevel: 'owner',
    privileges: everything(),
    password: null,
  });
  return {
    t,
    branch,
    manager,
    owner,
    async post(url, body, as = manager) {
      const res = await t.api(as).post(url, body);
      if (res.status < 200 || res.status > 299)
        throw new Error(`factory POST ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
  };
}

/**
 * Every table's row count and newest row version (sessions left out: a request refreshes its own), in one statement.
 * Any insert, update or delete changes one of the two: an insert or a delete the count, and an insert or an update
 * writes a row version stamped with the writing transaction's id (`xmin`), newer than every row already there. (A
 * text checksum of every row read the ICD lists, 23,000 rows, twice for every route.)
 *
 * On PostgreSQL the statement is prepared once on a connection of its own: planning its 128 aggregates took ~50 ms
 * of every call (and a parallel plan's workers ~150 ms more, see freshDatabase), running it takes ~8 ms. The rows it reads are the same
 * committed rows the pool's connections read: only where the plan is made changes, not what is compared.
 */
let checksumSql: SQL | undefined;
let checksumQuery: { sql: string; params: unknown[] } | undefined;
const checksumClients = new WeakMap<TestApp, Promise<pg.Client>>();
export const WALK_TIMEOUT = 600_000;
export async function checksum(t: TestApp): Promise<Record<string, string>> {
  if (!checksumSql) {
    const tables = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('session')
          order by table_name`,
    );
    checksumSql = sql.join(
      tables.map(
        ({ name }) =>
          sql`select ${name}::text as name, count(*)::text || ':' || coalesce(max(x.xmin::text::bigint), 0)::text as h from ${sql.identifier(name)} x`,
      ),
      sql` union all `,
    );
    checksumQuery = new PgDialect().sqlToQuery(checksumSql);
  }
  let rows: { name: string; h: string }[];
  if (t.databaseUrl) {
    let client = checksumClients.get(t);
    if (!client) {
      const c = new pg.Client({ connectionString: t.databaseUrl });
      client = c.connect().then(() => c);
      checksumClients.set(t, client);
    }
    const { sql: text, params: values } = checksumQuery!;
    rows = (await (await client).query<{ name: string; h: string }>({ name: 'checksum', text, values })).rows;
  } else rows = await queryRows<{ name: string; h: string }>(t.db, checksumSql);
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

/** Closes the checksum's own connection (before `t.close()` drops the database). */
export async function closeChecksum(t: TestApp): Promise<void> {
  const client = checksumClients.get(t);
  checksumClients.delete(t);
  if (client) await (await client).end();
}
