import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, todayIn, toSen } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { item, itemCategory, profile, vendor, warehouse } from '../db/schema/index.js';
import { branchClock } from '../http/clock.js';
import { branchTimezone } from '../modules/branches/index.js';
import { createPurchase, receivePurchase } from '../modules/inventory/index.js';
import { seedCtx } from './finance.js';
import { ITEMS as PAKET_ITEMS } from './paket.js';

/**
 * Demo inventory (issue 13). Every branch gets its warehouses (Gudang Utama, Apotek, Ruang Tindakan), categories and
 * vendors, and its drugs and consumables in the item master. Jakarta, the one branch with books, receives stock
 * through purchase orders (so the receipts' journals Dr 1140 / Cr 2101 exist and the stock value equals account
 * 1140): batches near expiry, one batch already expired, items under their minimum, an order received in part and
 * one still open. Bandung and Denpasar have no accounting period in the demo (the e2e suites open theirs), so they
 * get an open order but no stock: a receipt must post its journal. Dates are relative to today: deterministic for
 * the date. Runs inside the demo seed's transaction, after seedFinance (the period) and seedPaket (the items).
 */
const CATEGORIES = ['Obat', 'Skincare', 'Bahan Medis Habis Pakai'] as const;

/** code, name, unit, category, selling price, purchase unit, conversion, min stock, batch tracked, KFA code. */
const ITEMS: [
  string,
  string,
  string,
  (typeof CATEGORIES)[number],
  number,
  string,
  number,
  number,
  boolean,
  string | null,
][] = [
  ['OB-AMX500', 'Amoxicillin 500 mg', 'tablet', 'Obat', 1_500, 'box', 100, 200, true, '93000519'],
  ['OB-AMXSAN', 'Amoxsan 500 mg', 'kapsul', 'Obat', 2_500, 'box', 100, 0, true, null],
  ['OB-PCT500', 'Paracetamol 500 mg', 'tablet', 'Obat', 500, 'box', 100, 400, true, '93000143'],
  ['OB-CTZ10', 'Cetirizine 10 mg', 'tablet', 'Obat', 1_000, 'box', 50, 100, true, '93000802'],
  ['OB-MEF500', 'Asam Mefenamat 500 mg', 'tablet', 'Obat', 1_200, 'box', 100, 100, true, null],
  ['OB-TRET', 'Tretinoin Krim 0,05%', 'tube', 'Obat', 65_000, 'box', 10, 10, true, null],
  ['BHP-KASA', 'Kasa Steril 16x16', 'lembar', 'Bahan Medis Habis Pakai', 2_000, 'pak', 10, 50, false, null],
  ['BHP-SPUIT3', 'Spuit 3 ml', 'pcs', 'Bahan Medis Habis Pakai', 5_000, 'box', 100, 50, false, null],
  ['BHP-GLOVE', 'Sarung Tangan Nitril', 'pasang', 'Bahan Medis Habis Pakai', 3_000, 'box', 50, 100, false, null],
  ['BHP-SWAB', 'Alcohol Swab', 'pcs', 'Bahan Medis Habis Pakai', 500, 'box', 100, 200, false, null],
];

/** Active ingredients (Zat Aktif) of the demo drugs, matched against the patients' allergies. */
const GENERIC: Record<string, string> = {
  'OB-AMX500': 'Amoxicillin',
  'OB-AMXSAN': 'Amoxicillin',
  'OB-PCT500': 'Paracetamol',
  'OB-CTZ10': 'Cetirizine',
  'OB-MEF500': 'Asam Mefenamat',
  'OB-TRET': 'Tretinoin',
};

const VENDORS = [
  {
    code: 'V-KFT',
    name: 'PT Kimia Farma Trading & Distribution',
    contact: 'Andi Saputra',
    phone: '0214257890',
    npwp: '013456789012000',
    payment_terms: 30,
  },
  {
    code: 'V-APL',
    name: 'PT Anugrah Pharmindo Lestari',
    contact: 'Maria Lestari',
    phone: '0812345678901',
    npwp: '0023456789123000',
    payment_terms: 45,
  },
  {
    code: 'V-MEDI',
    name: 'CV Medika Sejahtera',
    contact: 'Rudi Hartono',
    phone: '0221234567',
    npwp: null,
    payment_terms: 14,
  },
];

export interface InventorySeedResult {
  warehouses: number;
  purchases: number;
  receipts: number;
}

export async function seedInventory(tx: Db, branchIds: number[], now: Date = new Date()): Promise<InventorySeedResult> {
  let warehouses = 0;
  let purchases = 0;
  let receipts = 0;
  const jakarta = branchIds[0];
  const base = await seedCtx(tx, jakarta, now);
  for (const [bi, profileId] of branchIds.entries()) {
    const [branch] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, profileId));
    const today = todayIn(branch?.timezone ?? 'Asia/Jakarta', now);
    const whs = await tx
      .insert(warehouse)
      .values([
        { profile_id: profileId, code: 'GU', name: 'Gudang Utama', kind: 'gudang' },
        { profile_id: profileId, code: 'AP', name: 'Apotek', kind: 'apotek' },
        { profile_id: profileId, code: 'RT', name: 'Ruang Tindakan', kind: 'tindakan' },
      ])
      .returning({ id: warehouse.id, kind: warehouse.kind });
    warehouses += whs.length;
    const W = (kind: string) => whs.find((w) => w.kind === kind)!.id;
    const cats = await tx
      .insert(itemCategory)
      .values(CATEGORIES.map((name) => ({ profile_id: profileId, name })))
      .returning({ id: itemCategory.id, name: itemCategory.name });
    const C = (name: string) => cats.find((c) => c.name === name)!.id;
    // The package seed's items get their categories (Skincare, Obat) and sensible inventory settings.
    for (const [code, , , category] of PAKET_ITEMS) {
      await tx
        .update(item)
        .set({ category_id: C(category), purchase_unit: 'box', conversion: 6, min_stock: 6, track_batch: true })
        .where(and(eq(item.profile_id, profileId), eq(item.code, code)));
    }
    await tx.insert(item).values(
      ITEMS.map(([code, name, unit, category, price, purchaseUnit, conversion, min, track, kfa]) => ({
        profile_id: profileId,
        code,
        name,
        unit,
        category_id: C(category),
        selling_price: toSen(price),
        purchase_unit: purchaseUnit,
        conversion,
        min_stock: min,
        track_batch: track,
        kfa_code: kfa,
        generic_name: GENERIC[code] ?? null,
      })),
    );
    const vs = await tx
      .insert(vendor)
      .values(VENDORS.map((v) => ({ ...v, profile_id: profileId, address: null })))
      .returning({ id: vendor.id, code: vendor.code });
    const V = (code: string) => vs.find((v) => v.code === code)!.id;
    const items = await tx
      .select({ id: item.id, code: item.code })
      .from(item)
      .where(
        and(
          eq(item.profile_id, profileId),
          inArray(item.code, [...ITEMS.map((i) => i[0]), ...PAKET_ITEMS.map((i) => i[0])]),
        ),
      );
    const I = (code: string) => items.find((i) => i.code === code)!.id;

    const ctx = { ...base, branchId: profileId, ...branchClock(branchTimezone(tx), profileId, () => new Date(now)) };
    if (bi !== 0) {
      // No books in this branch: an order waiting for its goods, nothing received.
      await createPurchase(ctx, {
        vendor: V('V-KFT'),
        warehouse: W('apotek'),
        ordered_at: today,
        items: [
          { item: I('OB-PCT500'), qty: 3, price: 45_000 },
          { item: I('OB-AMX500'), qty: 2, price: 95_000 },
        ],
      });
      purchases++;
      continue;
    }

    // Jakarta's books (seedFinance) already hold stock: give it its goods first, so the stock value is the account.
    // The retail products (skincare) stand in the pharmacy, where the cashier sells them from (visit bills, kasir umum).
    await stockOfTheBooks(tx, profileId, W('apotek'), [I('IT-SUN50'), I('IT-SERC'), I('IT-MOIST'), I('IT-ACNE')]);

    // Jakarta: stock through purchases, received with batches (dates relative to today).
    const d = (days: number) => addDays(today, days);
    const orderDate = d(-25);
    const drugs = await createPurchase(ctx, {
      vendor: V('V-KFT'),
      warehouse: W('apotek'),
      ordered_at: orderDate,
      items: [
        { item: I('OB-AMX500'), qty: 4, price: 95_000 },
        { item: I('OB-PCT500'), qty: 3, price: 45_000 },
        { item: I('OB-CTZ10'), qty: 2, price: 60_000 },
        { item: I('OB-MEF500'), qty: 1, price: 80_000 },
        { item: I('OB-TRET'), qty: 1, price: 520_000 },
      ],
    });
    await receivePurchase(ctx, drugs.id, {
      received_at: d(-24),
      items: [
        { item: I('OB-AMX500'), qty: 2, price: 95_000, batch: 'AMX2409A', expired_at: d(20) },
        { item: I('OB-AMX500'), qty: 2, price: 96_500, batch: 'AMX2503B', expired_at: d(400) },
        { item: I('OB-PCT500'), qty: 3, price: 45_000, batch: 'PCT2411C', expired_at: d(75) },
        // Received before it expired; expired a few days ago: the stock page shows it, dispensing skips it.
        { item: I('OB-CTZ10'), qty: 1, price: 60_000, batch: 'CTZ2311X', expired_at: d(-3) },
        { item: I('OB-CTZ10'), qty: 1, price: 61_000, batch: 'CTZ2502D', expired_at: d(300) },
        { item: I('OB-TRET'), qty: 1, price: 520_000, batch: 'TRT2406E', expired_at: d(50) },
      ],
    });
    purchases++;
    receipts++;

    const skincare = await createPurchase(ctx, {
      vendor: V('V-APL'),
      warehouse: W('gudang'),
      ordered_at: d(-12),
      items: [
        { item: I('IT-SUN50'), qty: 2, price: 420_000 },
        { item: I('IT-SERC'), qty: 2, price: 900_000 },
        { item: I('IT-MOIST'), qty: 1, price: 600_000 },
      ],
    });
    await receivePurchase(ctx, skincare.id, {
      received_at: d(-10),
      items: [
        { item: I('IT-SUN50'), qty: 2, price: 420_000, batch: 'SUN2507', expired_at: d(540) },
        { item: I('IT-SERC'), qty: 1, price: 900_000, batch: 'SERC2505', expired_at: d(180) },
      ],
    });
    purchases++;
    receipts++;

    const bhp = await createPurchase(ctx, {
      vendor: V('V-MEDI'),
      warehouse: W('tindakan'),
      ordered_at: d(-8),
      items: [
        { item: I('BHP-KASA'), qty: 10, price: 15_000 },
        { item: I('BHP-SPUIT3'), qty: 1, price: 150_000 },
        { item: I('BHP-GLOVE'), qty: 1, price: 85_000 },
        { item: I('BHP-SWAB'), qty: 1, price: 25_000 },
      ],
    });
    await receivePurchase(ctx, bhp.id, {
      received_at: d(-7),
      items: [
        { item: I('BHP-KASA'), qty: 10, price: 15_000 },
        { item: I('BHP-SPUIT3'), qty: 1, price: 150_000 },
        { item: I('BHP-GLOVE'), qty: 1, price: 85_000 },
        { item: I('BHP-SWAB'), qty: 1, price: 25_000 },
      ],
    });
    purchases++;
    receipts++;

    // An order still waiting for its goods.
    await createPurchase(ctx, {
      vendor: V('V-KFT'),
      warehouse: W('apotek'),
      ordered_at: d(-1),
      items: [
        { item: I('OB-PCT500'), qty: 5, price: 45_000 },
        { item: I('IT-ACNE'), qty: 2, price: 300_000 },
      ],
    });
    purchases++;
  }
  return { warehouses, purchases, receipts };
}

/**
 * The finance seed's journals on 1140 Persediaan (the opening balance, a stock purchase, weekly cost of skincare
 * sold) predate the inventory: each becomes the ledger movement of the same value on the same date (opening stock as
 * an adjustment, the purchase as a receipt, the cost of goods as a sale), without a journal of its own, so the stock
 * value equals account 1140 at every date of the demo.
 */
async function stockOfTheBooks(tx: Db, profileId: number, warehouseId: number, itemIds: number[]): Promise<void> {
  const lines = await queryRows<{ id: number; date: string; debit: number; credit: number; kind: string }>(
    tx,
    sql`select j.id, to_char(j.transaction_at, 'YYYY-MM-DD') as date, d.debit::bigint as debit,
          d.credit::bigint as credit, j.kind
        from jurnal_detail d join jurnal j on j.id = d.jurnal_id join akun a on a.id = d.akun_id
        where d.profile_id = ${profileId} and a.code = '1140' order by j.transaction_at, j.id, d.id`,
  );
  const items = await tx
    .select({ id: item.id, selling_price: item.selling_price })
    .from(item)
    .where(inArray(item.id, itemIds));
  const move = async (m: { item: number; qty: number; value: number; kind: string; date: string; source: number }) => {
    await tx.execute(
      sql`insert into stock_movement (profile_id, warehouse_id, item_id, batch_id, quantity, value, kind, moved_at,
            source_kind, source_id, note)
          values (${profileId}, ${warehouseId}, ${m.item}, ${batches.get(m.item) ?? null}, ${m.qty}, ${m.value},
            ${m.kind}, ${m.date}, 'jurnal', ${m.source}, 'Persediaan dari pembukuan demo')`,
    );
  };
  // The items track batches: the goods of the books come in one batch per item, expiring 18 months after the start.
  const batches = new Map<number, number>();
  const first = lines[0]?.date;
  if (first)
    for (const it of items) {
      const [b] = await queryRows<{ id: number }>(
        tx,
        sql`insert into stock_batch (profile_id, item_id, batch, expired_at)
            values (${profileId}, ${it.id}, 'AWAL', ${addDays(first, 540)}) returning id`,
      );
      batches.set(it.id, Number(b.id));
    }
  const state = new Map(items.map((i) => [i.id, { qty: 0, value: 0 }]));
  for (const l of lines) {
    const debit = Number(l.debit);
    const credit = Number(l.credit);
    if (debit > 0) {
      // Spread over the items in equal parts, priced at 55% of the selling price (the demo's cost of goods).
      let left = debit;
      for (const [n, it] of items.entries()) {
        const part = n === items.length - 1 ? left : Math.floor(debit / items.length);
        left -= part;
        const unit = Math.max(1, Math.round(Number(it.selling_price) * 0.55));
        const qty = Math.max(1, Math.round(part / unit));
        await move({
          item: it.id,
          qty,
          value: part,
          kind: l.kind === 'opening' ? 'adjustment' : 'receipt',
          date: l.date,
          source: l.id,
        });
        const s = state.get(it.id)!;
        s.qty += qty;
        s.value += part;
      }
    } else if (credit > 0) {
      // Sold from the item holding the most value, at about its average cost.
      const [id, s] = [...state.entries()].sort((a, b) => b[1].value - a[1].value)[0];
      if (s.value < credit || s.qty < 2) continue;
      const qty = Math.min(s.qty - 1, Math.max(1, Math.round((credit * s.qty) / s.value)));
      await move({ item: id, qty: -qty, value: -credit, kind: 'sale', date: l.date, source: l.id });
      s.qty -= qty;
      s.value -= credit;
    }
  }
}
