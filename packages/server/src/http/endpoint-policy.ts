import type { Ctx, AuthedCtx } from './context.js';
import { requireUser } from './context.js';
import { auditRead, auditRecordReads, type RecordRead } from '../lib/audit.js';

/**
 * The policy an endpoint declares besides its `access` (issue 27 item 3): the data-dependent check and the read
 * trail. Both are run by the endpoint layer (http/endpoint.ts `invoke`), for the tRPC procedure and the REST route
 * alike, so the permission walk (test/permissions.test.ts) sees them and no service checks privileges by hand.
 *
 *   get: query({ summary: 'Satu pengguna', access: staffAccess, input: byId, entity: USER,
 *                authorize: (ctx, input) => usersAccess.authorizeGet(ctx, input.id),
 *                readAudit: { entity: 'patient', ids: (input, user) => (user.role === 1 ? [user.id] : []) },
 *                handler: (ctx, input) => users.get(ctx, input.id) }),
 */

/**
 * A check that needs the input or the data (the target row's kind, the caller being the treating doctor): run after
 * the input is validated and the access allowed, before the handler. It throws (403, or the entity's 404) to refuse;
 * it writes nothing. The module's rules live in `modules/<m>/access.ts`; `authorize` names one of them.
 */
export type Authorize<I> = (ctx: AuthedCtx, input: I) => Promise<void> | void;

type Detail = Record<string, string | number | boolean | null>;

/**
 * The read trail an endpoint leaves (lib/audit.ts), written by the endpoint layer after the handler answered and
 * before the answer is sent; a refused request never gets there. Three kinds:
 * - `entity: 'rekam_medis'`: clinical data (records, prescriptions, allergies, complaints, bill lines, photos):
 *   `reads` names each patient and visit answered (one trail row per patient, `what` says what was read).
 * - `entity: 'patient'`: a patient's identity data (the person, not the record): `ids` are the patients answered.
 * - `none`: the endpoint's access names patient or record data but it answers none (e.g. a form's choices): the
 *   reason, so the walk knows it was decided.
 * The permission walk fails for a patient or record endpoint that declares none of these.
 */
export type ReadAudit<I, R> =
  | {
      entity: 'rekam_medis';
      what: string;
      /** 'export' for a file (PDF, Excel); a function when the input decides (a list page taken for Excel). */
      action?: 'read' | 'export' | ((input: I) => 'read' | 'export');
      reads: (input: I, result: R, ctx: AuthedCtx) => RecordRead[] | Promise<RecordRead[]>;
      detail?: (input: I, result: R) => Detail;
    }
  | {
      entity: 'patient';
      action?: 'read' | 'read_list' | 'export';
      ids: (input: I, result: R, ctx: AuthedCtx) => number[] | Promise<number[]>;
      detail?: (input: I, result: R) => Detail;
      /** Record an export of nobody too. */
      always?: boolean;
    }
  | { none: string };

/** The policy fields of an endpoint declaration. */
export interface Policy<I, R> {
  /** A data-dependent check before the handler (see {@link Authorize}). */
  authorize?: Authorize<I>;
  /** The read trail of the answer (see {@link ReadAudit}). */
  readAudit?: ReadAudit<I, R>;
  /**
   * The 403 message for a signed-in caller the access refuses (default: the generic one), e.g. a chain master's
   * write refused to a branch user: 'Data ini dikelola kantor pusat' (docs/decisions.md, issue 30 item 2).
   */
  denied?: string;
}

/** Runs the declared `authorize` step (the caller is signed in: access was checked before). */
export async function runAuthorize(policy: Policy<unknown, unknown>, ctx: Ctx, input: unknown): Promise<void> {
  if (policy.authorize) await policy.authorize(requireUser(ctx), input);
}

/** Writes the declared read trail of an answered request (the one way a read of patient data is recorded). */
export async function runReadAudit(
  policy: Policy<unknown, unknown>,
  ctx: Ctx,
  input: unknown,
  result: unknown,
): Promise<void> {
  const trail = policy.readAudit;
  if (!trail || 'none' in trail || !ctx.user) return;
  const c = requireUser(ctx);
  if (trail.entity === 'rekam_medis') {
    const reads = await trail.reads(input, result, c);
    const action = typeof trail.action === 'function' ? trail.action(input) : (trail.action ?? 'read');
    await auditRecordReads(c, action, reads, { what: trail.what, ...trail.detail?.(input, result) });
  } else {
    const ids = await trail.ids(input, result, c);
    await auditRead(c, {
      action: trail.action ?? 'read',
      entity: 'patient',
      ids,
      detail: trail.detail?.(input, result),
      always: trail.always,
    });
  }
}
