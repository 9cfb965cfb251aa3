/**
 * Sending one planned resource the way that never duplicates: validate (an invalid resource never leaves); with a
 * known SATUSEHAT id, update; otherwise search by the Organization identifier first (a resend after a lost answer or
 * a kill finds the earlier one and adopts its id) and create only when none exists.
 */
import type { PlannedResource } from '../fhir/types.js';
import { validateResource } from '../fhir/validate.js';
import type { SatusehatClient } from './client.js';
import { SatusehatInvalid } from './errors.js';

export interface SentResource {
  /** The SATUSEHAT id (of the resource updated, for a step that `updates` another). */
  id: string;
  action: 'created' | 'updated' | 'found';
}

/**
 * `ids`: the SATUSEHAT ids known so far by key (the outbox's rows). Throws `SatusehatInvalid` before sending, or the
 * client's typed errors. The caller stores `id` under `step.key` (unless `step.updates`).
 */
export async function sendPlanned(
  client: SatusehatClient,
  step: PlannedResource,
  ids: Record<string, string>,
  opts: { orgId: string },
): Promise<SentResource> {
  const resource = step.build(ids);
  const reasons = validateResource(resource, { orgId: opts.orgId });
  if (reasons.length) throw new SatusehatInvalid(reasons);
  if (resource.id) {
    const saved = await client.update(resource as typeof resource & { id: string });
    return { id: saved.id, action: 'updated' };
  }
  const found = await client.findByIdentifier(step.kind, step.identifier.system, step.identifier.value);
  if (found) return { id: found.id, action: 'found' };
  const made = await client.create(resource);
  return { id: made.id, action: 'created' };
}
