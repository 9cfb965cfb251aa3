import { PAKET_ITEM_TYPES, asSen, type ChainMasterKind } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { badRequest, badRequestMany } from '../../http/errors.js';
import type { ChainPaketVersion } from '../paket/index.js';
import * as q from './queries.js';

/**
 * The chain's packages (kind promosi, issue 30 item 2): the form is the branch's package form, with the type and the
 * items naming chain records (a chain package type; chain treatments and items). A lab form is each branch's own,
 * so a chain package has none. A package saved active needs its type and items active.
 */

const ITEM_KIND: Record<number, ChainMasterKind | undefined> = { 1: 'treatment', 2: 'item' };

interface ItemInput {
  type: number;
  ref_id: number;
  free_slot: number;
  expired_duration: number;
}

export async function checkPackage(db: Db, input: Record<string, unknown>): Promise<void> {
  const active = Number(input.status ?? 1) === 1;
  const [type] = await q.findMany(db, 'promo', [Number(input.paket_type_id)]);
  if (!type) throw badRequest('Jenis paket tidak ditemukan', 'paket_type_id');
  if (active && Number(type.status) !== 1) throw badRequest('Jenis paket tidak aktif', 'paket_type_id');
  const items = (input.items ?? []) as ItemInput[];
  const issues: { message: string; field: string }[] = [];
  const seen = new Set<string>();
  for (const kind of [1, 2, 3]) {
    const wanted = items.map((it, i) => ({ it, i })).filter((x) => x.it.type === kind);
    if (!wanted.length) continue;
    const chainKind = ITEM_KIND[kind];
    if (!chainKind) {
      for (const w of wanted)
        issues.push({ message: 'Form lab tidak dapat masuk paket jaringan', field: `items.${w.i}.type` });
      continue;
    }
    const found = await q.findMany(db, chainKind, [...new Set(wanted.map((w) => w.it.ref_id))]);
    const ok = new Set(found.filter((f) => !active || Number(f.status) === 1).map((f) => Number(f.id)));
    for (const w of wanted) {
      if (!ok.has(w.it.ref_id))
        issues.push({
          message: `${PAKET_ITEM_TYPES[kind as 1 | 2]} tidak ditemukan atau tidak aktif di master jaringan`,
          field: `items.${w.i}.ref_id`,
        });
      const key = `${kind}:${w.it.ref_id}`;
      if (seen.has(key)) issues.push({ message: 'Item yang sama tercantum dua kali', field: `items.${w.i}.ref_id` });
      seen.add(key);
    }
  }
  if (issues.length) throw badRequestMany(issues);
}

const num = (v: unknown) => Number(v ?? 0);

/** The version every branch's copy gets, from the chain record's values (money in sen). */
export function paketVersionOf(f: Record<string, unknown>): ChainPaketVersion {
  const instal = num(f.installment_schema) === 1;
  return {
    code: String(f.code),
    name: String(f.name),
    typeChainId: num(f.paket_type_id),
    active_at: String(f.active_at),
    price: asSen(num(f.price)),
    description: typeof f.description === 'string' ? f.description : null,
    status: num(f.status),
    installment_schema: instal ? 1 : 0,
    dp_amount: instal ? asSen(num(f.dp_amount)) : 0,
    cicilan_amount: instal ? asSen(num(f.cicilan_amount)) : 0,
    cicilan_attempt: instal ? num(f.cicilan_attempt) : 0,
    items: ((f.items ?? []) as ItemInput[]).map((it) => ({
      type: num(it.type),
      chainId: num(it.ref_id),
      free_slot: num(it.free_slot),
      expired_duration: num(it.expired_duration),
    })),
  };
}
