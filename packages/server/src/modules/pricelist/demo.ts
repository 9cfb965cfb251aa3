import { fromSen, asSen, type PriceKind } from '@klinik/shared';
import * as q from './queries.js';
import type { Ctx } from '../../http/context.js';
import { create, update } from './service.js';

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Demo price list (issue 30): today's master prices as the approved initial list (as migration 0057 does on an
 * upgrade), then, by the owner and approved by the developer, next week's new base price of Jakarta's first
 * treatment, Bandung's own price of it from today (so the new base will not reach Bandung: the page shows it), and
 * a base change of the second treatment in two weeks still waiting for approval. Nothing changes a price today.
 */
export async function seedPriceList(owner: Ctx, developer: Ctx, branchIds: number[]): Promise<void> {
  await q.copyMasterPrices(owner.db);
  const treatments = await q.firstTreatments(owner.db, branchIds[0], 2);
  if (treatments.length < 2) return;
  const today = await owner.today();
  const rupiah = (sen: number | string, pct: number) => Math.round((fromSen(asSen(Number(sen))) * pct) / 1000) * 1000;
  const approved = async (kind: PriceKind, code: string, profile: number | null, on: string, price: number) => {
    const made = await create(owner, { kind, code, profile_id: profile, effective_at: on, price, note: null });
    await update(developer, made.id, { status: 1 });
  };
  const [first, second] = treatments;
  await approved('treatment', first.code, null, addDays(today, 7), rupiah(first.price, 1.1));
  if (branchIds[1]) await approved('treatment', first.code, branchIds[1], today, rupiah(first.price, 0.95));
  await create(owner, {
    kind: 'treatment',
    code: second.code,
    profile_id: null,
    effective_at: addDays(today, 14),
    price: rupiah(second.price, 1.05),
    note: 'Penyesuaian harga bahan',
  });
}
