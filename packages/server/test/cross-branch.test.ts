import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { type Access } from '@klinik/shared';
import { apiModules, apiEntities } from '../src/modules.js';
import type { AnyEndpoint, EndpointTree } from '../src/http/endpoint.js';
import { registeredEntities, type EntityDef } from '../src/http/access-scope.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import {
  callerFor as callerForIn,
  checksum as checksumOf,
  closeChecksum,
  envB as envBOf,
  htmlPdf,
  WALK_TIMEOUT,
} from './cross-branch-env.js';
import { multipartBody, PNG_1X1 } from './upload-helpers.js';
import { entityFactories } from './factories/index.js';

/**
 * The generic cross-branch walk (issue 9 item 1): every REST route and every tRPC procedure whose input takes an id
 * (path `:id` or an `id` field) names the entity it refers to (`entity:` in its declaration). For each, the entity's
 * test factory (test/factories/<module>.ts) creates a row in branch B, and a user of branch A with the privileges
 * the route needs calls it with that id: the answer is 404 and the database is unchanged. A route without an
 * entity, or an entity without a factory, fails the walk with the list of what is missing.
 */

interface Target {
  /** module.path of the declaration (tRPC path, OpenAPI operationId). */
  name: string;
  endpoint: AnyEndpoint;
}

function walk(prefix: string, tree: EndpointTree, out: Target[]): Target[] {
  for (const [key, v] of Object.entries(tree)) {
    const name = `${prefix}.${key}`;
    if (typeof (v as AnyEndpoint).handler === 'function' && 'access' in v)
      out.push({ name, endpoint: v as AnyEndpoint });
    else walk(name, v as EndpointTree, out);
  }
  return out;
}

function inputKeys(e: AnyEndpoint): string[] {
  if (!e.input) return [];
  const js = z.toJSONSchema(e.input, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
  return Object.keys(js.properties ?? {});
}

const all = Object.entries(apiModules).flatMap(([m, tree]) => walk(m, tree, []));
const restWithId = all.filter((x) => x.endpoint.rest?.path.includes(':id'));
const trpcWithId = all.filter((x) => x.endpoint.trpc && inputKeys(x.endpoint).includes('id'));
const withId = [...new Set([...restWithId, ...trpcWithId])];

let t: TestApp;
let branchA: number;
const callers = new Map<string, TestUser>();

beforeAll(async () => {
  t = await createTestApp({}, { pdf: htmlPdf });
  branchA = await t.makeBranch({ name: 'Cabang A (pemanggil)' });
});
afterAll(async () => {
  await closeChecksum(t);
  await t.close();
});

const callerFor = (a: Access) => callerForIn(t, branchA, callers, a);
const envB = () => envBOf(t);
const checksum = () => checksumOf(t);

function entityOf(x: Target): EntityDef | undefined {
  return x.endpoint.entity;
}

describe('cross-branch walk', () => {
  it('finds the routes and procedures that take an id', () => {
    expect(restWithId.length).toBeGreaterThan(20);
    expect(trpcWithId.length).toBeGreaterThan(20);
  });

  it('every route that takes an id names its entity, and every branch entity has a factory', () => {
    const noEntity = withId.filter((x) => !entityOf(x)).map((x) => x.name);
    expect(noEntity, 'routes taking an id without `entity:` in their declaration').toEqual([]);
    const missing = [
      ...new Set(
        withId
          .map(entityOf)
          .filter((e): e is EntityDef => !!e && e.branchColumn !== null && !entityFactories[e.name])
          .map((e) => e.name),
      ),
    ];
    expect(missing, 'entities without a factory in packages/server/test/factories (register one per module)').toEqual(
      [],
    );
  });

  it('every declared entity is listed in modules.ts (apiEntities)', () => {
    const listed = new Set(apiEntities.map((e) => e.name));
    expect(
      registeredEntities()
        .filter((e) => !listed.has(e.name))
        .map((e) => e.name),
    ).toEqual([]);
  });

  // A walk over every route that takes an id, each with a fresh branch B: it grows with the modules, so its own
  // time limit (a safety net for a hang, not a speed check).
  it(
    "answers 404 to a user of branch A for branch B's row on every REST route, changing nothing",
    { timeout: WALK_TIMEOUT },
    async () => {
      const failures: string[] = [];
      for (const x of restWithId) {
        const e = entityOf(x);
        if (!e || e.branchColumn === null) continue;
        const factory = entityFactories[e.name];
        if (!factory) continue; // reported above
        const rest = x.endpoint.rest!;
        const env = await envB();
        const created = await factory.create(env);
        const input = (factory.inputs?.[x.name] ?? { data: created.body ?? {} }) as Record<string, unknown>;
        const body = rest.body ? input[rest.body] : input;
        // Other path parameters (a session of the user) come from the factory's input for the route.
        const url = rest.path
          .replace(':id', String(created.id))
          .replace(/:(\w+)/g, (_m, name: string) => String(input[name]));
        const caller = await callerFor(x.endpoint.access);
        const before = await checksum();
        let status: number;
        if (rest.consumes?.startsWith('multipart/')) {
          const mp = multipartBody('avatar', 'foto.png', PNG_1X1);
          const res = await t.app.inject({
            method: rest.method,
            url,
            payload: mp.payload,
            headers: { ...mp.headers, cookie: caller.cookie },
          });
          status = res.statusCode;
        } else if (rest.method === 'GET' || rest.method === 'DELETE') {
          status = (await (rest.method === 'GET' ? t.api(caller).get(url) : t.api(caller).delete(url))).status;
        } else {
          status = (await (rest.method === 'PUT' ? t.api(caller).put(url, body) : t.api(caller).post(url, body)))
            .status;
        }
        const after = await checksum();
        if (status !== 404) failures.push(`${rest.method} ${rest.path} (${x.name}): ${status}`);
        // Control: the row is real and the route answers it in its own branch.
        if (rest.method === 'GET') {
          const own = await t.api(factory.controlAsOwner?.includes(x.name) ? env.owner : env.manager).get(url);
          if (own.status !== 200) failures.push(`${rest.method} ${rest.path} (${x.name}) in branch B: ${own.status}`);
        }
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        if (changed.length) failures.push(`${rest.method} ${rest.path} (${x.name}) changed ${changed.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    "answers NOT_FOUND to a user of branch A for branch B's row on every tRPC procedure, changing nothing",
    { timeout: WALK_TIMEOUT },
    async () => {
      const failures: string[] = [];
      for (const x of trpcWithId) {
        const e = entityOf(x);
        if (!e || e.branchColumn === null) continue;
        const factory = entityFactories[e.name];
        if (!factory) continue;
        const env = await envB();
        const created = await factory.create(env);
        const input = { ...(factory.inputs?.[x.name] ?? { data: created.body ?? {} }), id: created.id };
        const caller = await callerFor(x.endpoint.access);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking the router by name
        let proc: any = t.trpc(caller);
        for (const part of x.name.split('.')) proc = proc[part];
        const before = await checksum();
        let code = 'OK';
        try {
          await proc(input);
        } catch (err) {
          code = err instanceof TRPCError ? err.code : String(err);
        }
        const after = await checksum();
        if (code !== 'NOT_FOUND') failures.push(`${x.name}: ${code}`);
        // Control: the row is real and the query answers it in its own branch.
        if (x.endpoint.type === 'query') {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking the router by name
          let own: any = t.trpc(factory.controlAsOwner?.includes(x.name) ? env.owner : env.manager);
          for (const part of x.name.split('.')) own = own[part];
          await own(input).catch((err: unknown) => failures.push(`${x.name} in branch B: ${String(err)}`));
        }
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        if (changed.length) failures.push(`${x.name} changed ${changed.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
