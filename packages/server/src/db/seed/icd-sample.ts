import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * A handful of common ICD-10 and ICD-9-CM codes so a demo clinic can code a diagnosis before the full lists are
 * loaded (issue 12; the complete WHO ICD-10 and ICD-9-CM lists are loaded by their own data migration). Inserted
 * only where missing: with the full lists present this changes nothing.
 */
const ICD10: [string, string, string][] = [
  ['J06.9', 'Infeksi saluran pernapasan atas akut, tidak spesifik', 'Acute upper respiratory infection, unspecified'],
  ['R50.9', 'Demam, tidak spesifik', 'Fever, unspecified'],
  ['K29.7', 'Gastritis, tidak spesifik', 'Gastritis, unspecified'],
  ['L70.0', 'Akne vulgaris', 'Acne vulgaris'],
  ['L81.1', 'Kloasma', 'Chloasma'],
  ['L20.9', 'Dermatitis atopik, tidak spesifik', 'Atopic dermatitis, unspecified'],
  ['I10', 'Hipertensi esensial (primer)', 'Essential (primary) hypertension'],
  ['E11.9', 'Diabetes melitus tipe 2 tanpa komplikasi', 'Type 2 diabetes mellitus without complications'],
  ['M54.5', 'Nyeri punggung bawah', 'Low back pain'],
  [
    'A09',
    'Diare dan gastroenteritis yang diduga infeksi',
    'Diarrhoea and gastroenteritis of presumed infectious origin',
  ],
];
const ICD9CM: [string, string, string][] = [
  ['89.7', 'Pemeriksaan fisik umum', 'General physical examination'],
  ['86.3', 'Eksisi lokal lesi kulit lainnya', 'Other local excision or destruction of lesion or tissue of skin'],
  ['86.24', 'Kemoeksfoliasi kulit (chemical peeling)', 'Chemosurgery of skin'],
  [
    '99.29',
    'Injeksi atau infus zat terapeutik lainnya',
    'Injection or infusion of other therapeutic or prophylactic substance',
  ],
  ['93.39', 'Fisioterapi lainnya', 'Other physical therapy'],
];

export async function seedIcdSample(tx: Db): Promise<void> {
  for (const [table, rows] of [
    ['icd10', ICD10],
    ['icd9cm', ICD9CM],
  ] as const) {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (code, name_id, name_en) values ${sql.join(
        rows.map(([c, i, e]) => sql`(${c}, ${i}, ${e})`),
        sql`, `,
      )} on conflict (code) do nothing`,
    );
  }
}
