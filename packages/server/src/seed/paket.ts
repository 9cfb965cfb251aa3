import { toSen } from '@klinik/shared';
import type { Db } from '../db/client.js';
import { formLab, item, paket, paketHistory, paketHistoryItem, paketType, perawatan } from '../db/schema/index.js';

/**
 * Demo data of the Paket module for every branch: procedures, items, lab forms, package types and packages
 * (paid in full and in instalments), so the purchase wizard works right after `pnpm start`. Money in sen.
 */
const TINDAKAN = [
  ['TM-FAC01', 'Facial Brightening', 450_000, 90_000],
  ['TM-FAC02', 'Facial Acne Treatment', 500_000, 100_000],
  ['TM-PEEL', 'Chemical Peeling', 750_000, 150_000],
  ['TM-LASER', 'Laser Rejuvenation', 1_500_000, 300_000],
  ['TM-MICRO', 'Microneedling', 1_200_000, 240_000],
  ['TM-INFUS', 'Infus Vitamin C', 650_000, 100_000],
  ['TM-KONS', 'Konsultasi Dokter Spesialis Kulit', 200_000, 120_000],
] as const;
/** code, name, unit, category (given by the inventory seed, which creates the categories), price. */
export const ITEMS = [
  ['IT-SUN50', 'Sunscreen SPF 50', 'tube', 'Skincare', 125_000],
  ['IT-SERC', 'Serum Vitamin C 20 ml', 'botol', 'Skincare', 250_000],
  ['IT-MOIST', 'Moisturizer Ceramide', 'pot', 'Skincare', 175_000],
  ['IT-ACNE', 'Obat Jerawat Topikal', 'tube', 'Obat', 85_000],
] as const;
const LABS = [
  ['LB-DL', 'Darah Lengkap', 150_000],
  ['LB-HORM', 'Panel Hormon', 650_000],
  ['LB-GDP', 'Gula Darah Puasa', 60_000],
] as const;

export async function seedPaket(tx: Db, branchIds: number[]): Promise<{ packages: number }> {
  let packages = 0;
  for (const profileId of branchIds) {
    const t = await tx
      .insert(perawatan)
      .values(
        TINDAKAN.map(([code, name, price, share]) => ({
          profile_id: profileId,
          code,
          name,
          price: toSen(price),
          doctor_share: toSen(share),
        })),
      )
      .returning({ id: perawatan.id, code: perawatan.code });
    const it = await tx
      .insert(item)
      .values(
        ITEMS.map(([code, name, unit, , price]) => ({
          profile_id: profileId,
          code,
          name,
          unit,
          selling_price: toSen(price),
        })),
      )
      .returning({ id: item.id, code: item.code });
    const lb = await tx
      .insert(formLab)
      .values(LABS.map(([code, name, price]) => ({ profile_id: profileId, code, name, price: toSen(price) })))
      .returning({ id: formLab.id, code: formLab.code });
    const types = await tx
      .insert(paketType)
      .values([
        { profile_id: profileId, name: 'Promo Glowing', type: 1, start_at: '2024-01-01', end_at: '2030-12-31' },
        { profile_id: profileId, name: 'Promo Acne Clear', type: 1, start_at: '2024-01-01', end_at: '2030-12-31' },
        { profile_id: profileId, name: 'Membership Anti Aging', type: 2, start_at: '2024-01-01', end_at: null },
        { profile_id: profileId, name: 'Paket Wellness', type: 2, start_at: '2024-01-01', end_at: null },
      ])
      .returning({ id: paketType.id });
    const T = (code: string) => t.find((x) => x.code === code)!.id;
    const I = (code: string) => it.find((x) => x.code === code)!.id;
    const L = (code: string) => lb.find((x) => x.code === code)!.id;
    const defs = [
      {
        code: 'PKT-GLOW6',
        name: 'Paket Glowing 6 Bulan',
        type: types[0].id,
        price: 3_000_000,
        schema: 1,
        dp: 600_000,
        cicilan: 800_000,
        attempt: 3,
        description: 'Facial brightening rutin, peeling dan serum untuk kulit cerah',
        items: [
          { type: 1, id: T('TM-FAC01'), slot: 6, days: 180 },
          { type: 1, id: T('TM-PEEL'), slot: 2, days: 180 },
          { type: 2, id: I('IT-SERC'), slot: 2, days: 90 },
          { type: 2, id: I('IT-SUN50'), slot: 1, days: 60 },
        ],
      },
      {
        code: 'PKT-ACNE3',
        name: 'Paket Acne Clear 3 Bulan',
        type: types[1].id,
        price: 2_100_000,
        schema: 0,
        dp: 0,
        cicilan: 0,
        attempt: 0,
        description: 'Perawatan jerawat intensif dengan konsultasi dokter',
        items: [
          { type: 1, id: T('TM-FAC02'), slot: 3, days: 90 },
          { type: 1, id: T('TM-KONS'), slot: 2, days: 90 },
          { type: 2, id: I('IT-ACNE'), slot: 3, days: 90 },
        ],
      },
      {
        code: 'PKT-AGING12',
        name: 'Membership Anti Aging 12 Bulan',
        type: types[2].id,
        price: 12_000_000,
        schema: 1,
        dp: 2_000_000,
        cicilan: 1_000_000,
        attempt: 10,
        description: 'Laser, microneedling dan pemeriksaan hormon selama satu tahun',
        items: [
          { type: 1, id: T('TM-LASER'), slot: 4, days: 365 },
          { type: 1, id: T('TM-MICRO'), slot: 4, days: 365 },
          { type: 2, id: I('IT-MOIST'), slot: 4, days: 365 },
          { type: 3, id: L('LB-HORM'), slot: 2, days: 365 },
        ],
      },
      {
        code: 'PKT-WELL',
        name: 'Paket Wellness Infus',
        type: types[3].id,
        price: 2_500_000,
        schema: 1,
        dp: 500_000,
        cicilan: 1_000_000,
        attempt: 2,
        description: 'Infus vitamin dengan pemeriksaan darah',
        items: [
          { type: 1, id: T('TM-INFUS'), slot: 4, days: 120 },
          { type: 3, id: L('LB-DL'), slot: 1, days: 120 },
          { type: 3, id: L('LB-GDP'), slot: 1, days: 120 },
        ],
      },
    ];
    for (const d of defs) {
      const [p] = await tx.insert(paket).values({ profile_id: profileId, code: d.code }).returning();
      const [h] = await tx
        .insert(paketHistory)
        .values({
          profile_id: profileId,
          paket_id: p.id,
          version: 1,
          is_current: true,
          code: d.code,
          name: d.name,
          paket_type_id: d.type,
          active_at: '2024-01-01',
          price: toSen(d.price),
          description: d.description,
          status: 1,
          installment_schema: d.schema,
          dp_amount: toSen(d.dp),
          cicilan_amount: toSen(d.cicilan),
          cicilan_attempt: d.attempt,
        })
        .returning();
      await tx.insert(paketHistoryItem).values(
        d.items.map((x) => ({
          paket_history_id: h.id,
          type: x.type,
          perawatan_id: x.type === 1 ? x.id : null,
          item_id: x.type === 2 ? x.id : null,
          form_lab_id: x.type === 3 ? x.id : null,
          free_slot: x.slot,
          expired_duration: x.days,
        })),
      );
      packages++;
    }
  }
  return { packages };
}
