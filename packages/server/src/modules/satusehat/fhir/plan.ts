/** Turns a finished visit into SATUSEHAT resources in dependency order (see `PlannedResource` in types.ts). */
import type { VisitInput, VisitPlan } from './types.js';

export function planVisit(_input: VisitInput): VisitPlan {
  return { missing: ['Belum diterapkan'] };
}
