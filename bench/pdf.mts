// Agreement PDF benchmark (issue 5): one warm Chromium, sequential and concurrent renders of the package
// agreement. Run: pnpm --filter @klinik/server exec tsx ../../bench/pdf.mts   (a benchmark, not a test).
import { addDays, addMonths, instalmentSchedule } from '../packages/shared/src/index.ts';
import { createPdfRenderer } from '../packages/server/src/pdf/renderer.ts';
import { agreementHtml, type AgreementData } from '../packages/server/src/modules/paket/agreement.ts';

const N = Number(process.env.BENCH_PDFS || 20);
const today = '2026-01-15';
const terms = {
  price: 12_000_000,
  installment_schema: 1,
  dp_amount: 2_000_000,
  cicilan_amount: 1_000_000,
  cicilan_attempt: 10,
};
const data: AgreementData = {
  branch: {
    name: 'Klinik Sehat Sentosa Jakarta',
    address: 'Jl. Fatmawati Raya No. 12, Cilandak, Jakarta Selatan',
    phone: '0217654321',
    email: 'jakarta@kliniksentosa.co.id',
    logoDataUrl: null,
  },
  date: today,
  patient: {
    name: 'Siti Aminah',
    norm: 'RM01000123',
    idcard: '3174014501900001',
    birth_place: 'Jakarta',
    birth_date: '1990-01-05',
    address: 'Jl. Melati No. 5',
    phone: '081234567890',
    wali_name: null,
    wali_idcard: null,
    wali_phone: null,
  },
  doctor: { name: 'dr. Maya Anggraini, Sp.KK' },
  clinicSigner: 'Putri Ayu Lestari',
  paket: {
    code: 'PKT-AGING12',
    name: 'Membership Anti Aging 12 Bulan',
    typename: 'Membership Anti Aging',
    version: 1,
    description: 'Laser dan microneedling',
    ...terms,
  },
  contents: [
    {
      typename: 'Perawatan',
      code: 'TM-LASER',
      name: 'Laser Rejuvenation',
      unit: null,
      free_slot: 4,
      expired_duration: 365,
      expired_at: addDays(today, 365),
    },
    {
      typename: 'Perawatan',
      code: 'TM-MICRO',
      name: 'Microneedling',
      unit: null,
      free_slot: 4,
      expired_duration: 365,
      expired_at: addDays(today, 365),
    },
    {
      typename: 'Item',
      code: 'IT-MOIST',
      name: 'Moisturizer Ceramide',
      unit: 'pot',
      free_slot: 4,
      expired_duration: 365,
      expired_at: addDays(today, 365),
    },
    {
      typename: 'Form Lab',
      code: 'LB-HORM',
      name: 'Panel Hormon',
      unit: null,
      free_slot: 2,
      expired_duration: 365,
      expired_at: addDays(today, 365),
    },
  ],
  schedule: instalmentSchedule(today, terms, addMonths),
};

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(0);
  return `n=${s.length} p50=${at(0.5)}ms p95=${at(0.95)}ms max=${s[s.length - 1].toFixed(0)}ms`;
}

const pdf = createPdfRenderer({ maxPages: 4 });
const html = agreementHtml(data);
let t = performance.now();
await pdf.render(html);
console.log(`cold (browser start + first page): ${(performance.now() - t).toFixed(0)}ms`);
const seq: number[] = [];
for (let i = 0; i < N; i++) {
  t = performance.now();
  await pdf.render(html);
  seq.push(performance.now() - t);
}
console.log(`warm sequential: ${stats(seq)}`);
const conc: number[] = [];
t = performance.now();
await Promise.all(
  Array.from({ length: N }, async () => {
    const s = performance.now();
    await pdf.render(html);
    conc.push(performance.now() - s);
  }),
);
console.log(
  `warm concurrent (${N} at once, 4 pages max): ${stats(conc)}, wall ${(performance.now() - t).toFixed(0)}ms`,
);
await pdf.close();
