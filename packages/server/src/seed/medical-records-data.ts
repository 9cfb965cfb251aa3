/** The demo medical records' data (SOAP templates, procedures, medicines) and the bulk-insert helpers of the seed. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toSen } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { item, itemCategory } from '../db/schema/index.js';

export const LONG_HISTORY_PATIENT = 'Sri Rahayu Wulandari';
export const LONG_HISTORY_VISITS = 700;

export type Dx = [code: string, primary: boolean][];
interface Template {
  s: string;
  o: string;
  a: string;
  p: string;
  dx: Dx;
}
export const SOAP: Record<string, Template> = {
  'Jerawat meradang di pipi': {
    s: 'Jerawat meradang di kedua pipi sejak 2 minggu, nyeri bila disentuh. Riwayat memencet jerawat.',
    o: 'Papul dan pustul eritematosa multipel regio bukal bilateral, beberapa nodul. Komedo terbuka dan tertutup.',
    a: 'Akne vulgaris derajat sedang.',
    p: 'Obat jerawat topikal malam hari, doksisiklin 2x100 mg 14 hari, sabun wajah lembut, kontrol 2 minggu.',
    dx: [
      ['L70.0', true],
      ['L81.0', false],
    ],
  },
  'Flek hitam di wajah': {
    s: 'Flek kecokelatan di pipi dan dahi, makin gelap setelah sering terpapar matahari.',
    o: 'Makula hiperpigmentasi cokelat, batas tegas, simetris di malar dan dahi.',
    a: 'Melasma (kloasma) tipe epidermal.',
    p: 'Tabir surya SPF 50 tiap 3 jam, krim pencerah malam hari, rencana chemical peeling.',
    dx: [['L81.1', true]],
  },
  'Kulit kering dan gatal': {
    s: 'Kulit tungkai kering, bersisik dan gatal terutama malam hari, 1 bulan.',
    o: 'Xerosis dengan skuama halus di kedua tungkai bawah, ekskoriasi minimal.',
    a: 'Xerosis kutis dengan pruritus.',
    p: 'Pelembap ceramide 2x sehari, mandi air hangat singkat, setirizin 1x10 mg malam bila gatal.',
    dx: [
      ['L85.3', true],
      ['L29.9', false],
    ],
  },
  'Kontrol pengobatan jerawat': {
    s: 'Kontrol, jerawat berkurang, tidak ada keluhan efek samping obat.',
    o: 'Papul eritematosa sisa beberapa, tidak ada pustul baru. Bekas jerawat kemerahan.',
    a: 'Akne vulgaris, perbaikan.',
    p: 'Lanjutkan obat topikal, hentikan antibiotik oral, kontrol 1 bulan.',
    dx: [
      ['L70.0', true],
      ['Z09.8', false],
    ],
  },
  'Rambut rontok': {
    s: 'Rambut rontok banyak saat keramas 3 bulan terakhir, tidak ada kebotakan setempat.',
    o: 'Tes tarik positif difus, kulit kepala tenang, tidak ada jaringan parut.',
    a: 'Kerontokan rambut difus tanpa jaringan parut (suspek telogen efluvium).',
    p: 'Minoksidil topikal 5%, suplemen, periksa darah lengkap, kontrol 6 minggu.',
    dx: [['L65.9', true]],
  },
  'Konsultasi perawatan anti-aging': {
    s: 'Ingin memperbaiki kerutan halus dan kulit kusam.',
    o: 'Kerutan halus periorbital dan dahi, tekstur kulit kasar, pigmentasi tidak merata ringan.',
    a: 'Penuaan kulit (photoaging) ringan.',
    p: 'Serum vitamin C pagi, tabir surya, rencana laser rejuvenation 3 sesi.',
    dx: [
      ['L57.4', true],
      ['L81.4', false],
    ],
  },
  'Bekas jerawat': {
    s: 'Bekas jerawat berlubang di pipi, ingin diperbaiki.',
    o: 'Skar atrofi tipe rolling dan boxcar di pipi bilateral.',
    a: 'Skar akne atrofi.',
    p: 'Microneedling 4 sesi interval 4 minggu, tabir surya.',
    dx: [
      ['L90.5', true],
      ['L70.9', false],
    ],
  },
};
/** Treatment visits: the SOAP of the procedure, its master code and its ICD-9-CM procedure. */
export const PROCEDURES: Record<string, { tm: string; icd9: string | null; t: Template }> = {
  'Facial acne': {
    tm: 'TM-FAC02',
    icd9: null,
    t: {
      s: 'Datang untuk facial jerawat sesuai rencana.',
      o: 'Komedo multipel dahi dan dagu, papul sedikit.',
      a: 'Akne vulgaris ringan.',
      p: 'Facial acne dengan ekstraksi komedo, masker kalmin. Tabir surya.',
      dx: [['L70.0', true]],
    },
  },
  'Chemical peeling': {
    tm: 'TM-PEEL',
    icd9: '86.24',
    t: {
      s: 'Chemical peeling sesi lanjutan untuk flek.',
      o: 'Makula hiperpigmentasi malar berkurang dibanding sesi sebelumnya.',
      a: 'Melasma, dalam terapi.',
      p: 'Chemical peeling glikolat 35%, hindari matahari 1 minggu.',
      dx: [['L81.1', true]],
    },
  },
  'Laser rejuvenation': {
    tm: 'TM-LASER',
    icd9: '86.3',
    t: {
      s: 'Laser rejuvenation sesi terjadwal.',
      o: 'Kerutan halus periorbital, tekstur kasar.',
      a: 'Photoaging ringan.',
      p: 'Laser fraksional non-ablatif seluruh wajah, krim penenang, tabir surya.',
      dx: [['L57.4', true]],
    },
  },
  Microneedling: {
    tm: 'TM-MICRO',
    icd9: '86.25',
    t: {
      s: 'Microneedling untuk bekas jerawat.',
      o: 'Skar atrofi pipi bilateral, sebagian membaik.',
      a: 'Skar akne atrofi.',
      p: 'Microneedling kedalaman 1,5 mm, serum growth factor, kontrol 4 minggu.',
      dx: [['L90.5', true]],
    },
  },
  'Facial brightening': {
    tm: 'TM-FAC01',
    icd9: null,
    t: {
      s: 'Ingin facial untuk kulit kusam.',
      o: 'Kulit kusam, hiperpigmentasi ringan.',
      a: 'Hiperpigmentasi melanin ringan.',
      p: 'Facial brightening, tabir surya.',
      dx: [['L81.4', true]],
    },
  },
  'Injeksi vitamin C': {
    tm: 'TM-INFUS',
    icd9: '99.29',
    t: {
      s: 'Injeksi vitamin C sesuai paket.',
      o: 'Keadaan umum baik, tidak ada riwayat alergi obat.',
      a: 'Hiperpigmentasi, terapi penunjang.',
      p: 'Infus vitamin C 1000 mg, observasi 15 menit.',
      dx: [['L81.4', true]],
    },
  },
};
/** Medicines for prescriptions (items of category Obat, added to the Jakarta item master). */
export const MEDICINES = [
  ['OB-DOKSI', 'Doksisiklin 100 mg kapsul', 'kapsul', 3_500, '2 x sehari 1 kapsul sesudah makan', 14, 'Doksisiklin'],
  ['OB-CETIR', 'Setirizin 10 mg tablet', 'tablet', 2_000, '1 x sehari 1 tablet malam hari bila gatal', 10, 'Setirizin'],
  ['OB-TRET', 'Tretinoin krim 0,025%', 'tube', 65_000, 'Oles tipis malam hari pada area jerawat', 1, 'Tretinoin'],
  [
    'OB-HQ4',
    'Hidrokuinon krim 4%',
    'tube',
    70_000,
    'Oles tipis malam hari pada flek, hindari area mata',
    1,
    'Hidrokuinon',
  ],
  ['OB-MINOX', 'Minoksidil 5% larutan 60 ml', 'botol', 180_000, '2 x sehari 1 ml pada kulit kepala', 1, 'Minoksidil'],
] as const;
/**
 * The long-history patient's recorded allergy (issue 26 item 2): it matches the inventory's 'Amoxicillin 500 mg' by
 * name and 'Amoxsan 500 mg' by its active ingredient, so prescribing either shows the override dialog.
 */
export const DEMO_ALLERGY = { allergen: 'Amoxicillin', note: 'Ruam kulit dan gatal setelah minum amoxicillin' };

export interface RecordPlan {
  visit_id: number;
  customer_id: number;
  doctor_id: number;
  nurse_id: number | null;
  visit_date: string;
  kind: string;
  complaint: string;
  at: string;
}

/** n ids from a table's serial sequence (so rows can reference each other before they are inserted). */
export async function reserveIds(tx: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

/** INSERT INTO table (cols) SELECT * FROM jsonb_to_recordset($json) AS x(col type, ...). */
export async function insertJson(tx: Db, table: string, columns: [string, string][], rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    const cols = columns.map(([c]) => `"${c}"`).join(', ');
    const defs = columns.map(([c, t]) => `"${c}" ${t}`).join(', ');
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(cols)})
          select ${sql.raw(cols)} from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(${sql.raw(defs)})`,
    );
  }
}

/**
 * The demo items a record uses: the skincare products, and the medicines (by code) for prescriptions.
 * Items and their categories come from the inventory seed (it runs before this one); a medicine it does not
 * stock is added to the master (under 'Obat') without stock, as a doctor may prescribe it all the same.
 */
export async function demoItems(tx: Db, branch: number) {
  const categoryOf = async (name: string) =>
    (
      await tx
        .select({ id: itemCategory.id })
        .from(itemCategory)
        .where(and(eq(itemCategory.profile_id, branch), eq(itemCategory.name, name)))
    )[0]?.id ?? null;
  const skincare = await categoryOf('Skincare');
  const products = await tx
    .select({ id: item.id, price: item.selling_price })
    .from(item)
    .where(and(eq(item.profile_id, branch), skincare === null ? sql`false` : eq(item.category_id, skincare)))
    .orderBy(item.id);
  const obat = await categoryOf('Obat');
  await tx
    .insert(item)
    .values(
      MEDICINES.map(([code, name, unit, price, , , generic]) => ({
        profile_id: branch,
        code,
        name,
        unit,
        generic_name: generic,
        category_id: obat,
        selling_price: toSen(price),
      })),
    )
    .onConflictDoNothing();
  const medicines = await tx
    .select({ id: item.id, code: item.code })
    .from(item)
    .where(
      and(
        eq(item.profile_id, branch),
        inArray(
          item.code,
          MEDICINES.map(([code]) => code),
        ),
      ),
    );
  const medicine = new Map(medicines.map((m) => [m.code, m.id]));
  return { products, medicine };
}
