import { z } from 'zod';
import { idParam, type Access } from '@klinik/shared';
import type { Ctx } from './context.js';
import type { EntityDef } from './access-scope.js';
import { mutation, query, type Endpoint } from './endpoint.js';

type Schema = z.ZodType;

/** The tRPC input of an update: `{ id, data }` (REST: PUT path/:id with the body as `data`). */
export type UpdateInput<I extends Schema> = z.ZodObject<{ id: typeof idParam; data: I }>;

/**
 * Create (POST path, 201) and update (PUT path/:id, tRPC `{ id, data }`) of one master row, the pair nearly every
 * master repeats. The update names `entity` (the cross-branch walk), and takes `updateInput` when it differs from
 * the create's input (e.g. a code that cannot change). Put the two under the keys the module's router uses:
 *
 *   const label = saveEndpoints({ label: 'label', access: manage, path: '/api/x/label', entity: LABEL,
 *                                 input: labelInput, create: service.createLabel, update: service.updateLabel });
 *   export const xEndpoints = { createLabel: label.create, updateLabel: label.update };
 *
 * Summaries default to 'Tambah <label>' and 'Ubah <label>'.
 */
export function saveEndpoints<I extends Schema, C, U, UI extends Schema = I>(
  spec: {
    access: Access;
    /** The 403 message when `access` refuses a signed-in caller (see `Policy.denied`). */
    denied?: string;
    path: string;
    entity: EntityDef;
    input: I;
    updateInput?: UI;
    create: (ctx: Ctx, data: z.output<I>) => Promise<C>;
    update: (ctx: Ctx, id: number, data: z.output<UI>) => Promise<U>;
  } & (
    | { label: string; summary?: { create?: string; update?: string } }
    | { label?: undefined; summary: { create: string; update: string } }
  ),
): {
  create: Endpoint<I, C, 'mutation', C, true>;
  update: Endpoint<UpdateInput<UI>, U, 'mutation', U, true>;
} {
  const updateData = (spec.updateInput ?? spec.input) as UI;
  return {
    create: mutation<C, I>({
      summary: spec.summary?.create ?? `Tambah ${spec.label}`,
      access: spec.access,
      denied: spec.denied,
      input: spec.input,
      rest: { method: 'POST', path: spec.path, status: 201 },
      handler: (ctx, data) => spec.create(ctx, data as z.output<I>),
    }),
    update: mutation<U, UpdateInput<UI>>({
      entity: spec.entity,
      summary: spec.summary?.update ?? `Ubah ${spec.label}`,
      access: spec.access,
      denied: spec.denied,
      input: z.object({ id: idParam, data: updateData }),
      rest: { method: 'PUT', path: `${spec.path}/:id`, body: 'data' },
      handler: (ctx, input) => {
        const { id, data } = input as unknown as { id: number; data: z.output<UI> };
        return spec.update(ctx, id, data);
      },
    }),
  };
}

/**
 * The five endpoints of a master kept by status, never deleted: list (GET path, paged `{ data, count }`), get
 * (GET path/:id), create, update ({@link saveEndpoints}) and deactivate (DELETE path/:id, the row stays with
 * status 0). `read` guards list and get, `manage` the changes.
 */
export function masterEndpoints<LI extends Schema, L, G, I extends Schema, C, U, D>(spec: {
  label: string;
  path: string;
  entity: EntityDef;
  read: Access;
  manage: Access;
  listInput: LI;
  input: I;
  list: (ctx: Ctx, query: z.output<LI>) => Promise<L>;
  get: (ctx: Ctx, id: number) => Promise<G>;
  create: (ctx: Ctx, data: z.output<I>) => Promise<C>;
  update: (ctx: Ctx, id: number, data: z.output<I>) => Promise<U>;
  deactivate: (ctx: Ctx, id: number) => Promise<D>;
  /** The list's summary (default 'Daftar <label>'). */
  listSummary?: string;
}) {
  const byId = z.object({ id: idParam });
  const save = saveEndpoints({
    label: spec.label,
    access: spec.manage,
    path: spec.path,
    entity: spec.entity,
    input: spec.input,
    create: spec.create,
    update: spec.update,
  });
  return {
    list: query<L, LI>({
      summary: spec.listSummary ?? `Daftar ${spec.label}`,
      access: spec.read,
      input: spec.listInput,
      rest: { method: 'GET', path: spec.path, envelope: 'paged' },
      handler: (ctx, q) => spec.list(ctx, q as z.output<LI>),
    }),
    get: query<G, typeof byId>({
      entity: spec.entity,
      summary: `Satu ${spec.label}`,
      access: spec.read,
      input: byId,
      rest: { method: 'GET', path: `${spec.path}/:id` },
      handler: (ctx, q) => spec.get(ctx, q.id),
    }),
    create: save.create,
    update: save.update,
    deactivate: mutation<D, typeof byId>({
      entity: spec.entity,
      summary: `Nonaktifkan ${spec.label}`,
      access: spec.manage,
      input: byId,
      rest: { method: 'DELETE', path: `${spec.path}/:id` },
      handler: (ctx, q) => spec.deactivate(ctx, q.id),
    }),
  };
}
