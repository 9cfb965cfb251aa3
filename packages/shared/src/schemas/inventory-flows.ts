import {
  z,
  emptyToUndefined,
  idOf,
  optionalDate,
  optionalText,
  pageQuery,
  plainString,
  requiredText,
  rupiah,
} from './common.js';
import { positiveQty } from './inventory.js';
import { allergyOverride } from './medical-records.js';

/**
 * Stock flows of issue 13 besides purchasing: transfers in two steps (mutasi), stock counts (stok opname) and
 * pharmacy dispensing (penyerahan resep). Quantities are whole selling units; money in rupiah at the edge.
 * docs/decisions.md "Inventory flows (issue 13: transfers, counts, dispensing)".
 */

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional());

/** A batch: its stock_batch id, or its batch number (of the line's item). */
const batchRef = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === 'string' ? v.trim() : v),
  z.preprocess(
    emptyToUndefined,
    z
      .union([idOf('Batch tidak valid'), plainString().min(1).max(50, 'Nomor batch maksimal 50 karakter')], {
        error: 'Batch tidak valid',
      })
      .optional()
      .nullable(),
  ),
);
export type BatchRef = number | string | null | undefined;

const bool = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()).default(false);

// ---------------------------------------------------------------------------------------------------------
// Transfers (mutasi)
// ---------------------------------------------------------------------------------------------------------

export const TRANSFER_STATUS_LABELS: Record<number, string> = {
  1: 'Dalam Perjalanan',
  2: 'Diterima',
  3: 'Diterima dengan Selisih',
};

const transferLine = z.object({
  item: idOf('Item wajib dipilih'),
  qty: positiveQty(),
  batch: batchRef,
});

function noDuplicateLines(v: { items: { item: number; batch?: number | string | null }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.items.forEach((l, i) => {
    const key = `${l.item}:${l.batch ?? ''}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: 'Item sudah ada di daftar', path: ['items', i, 'item'] });
    seen.add(key);
  });
}

export const transferInput = z
  .object({
    from_warehouse: idOf('Gudang asal wajib dipilih'),
    /** A warehouse of this branch or of another branch of the organisation. */
    to_warehouse: idOf('Gudang tujuan wajib dipilih'),
    note: optionalText(500),
    items: z
      .array(transferLine, { error: 'Item wajib diisi' })
      .min(1, 'Minimal satu item')
      .max(200, 'Maksimal 200 item'),
  })
  .superRefine((v, ctx) => {
    if (v.from_warehouse === v.to_warehouse)
      ctx.addIssue({ code: 'custom', message: 'Gudang tujuan harus berbeda dari gudang asal', path: ['to_warehouse'] });
    noDuplicateLines(v, ctx);
  });
export type TransferInput = z.infer<typeof transferInput>;

/** Receiving: the quantities that arrived (per item and batch of the transfer); a line left out arrived as 0. */
export const transferReceiveInput = z
  .object({
    items: z
      .array(
        z.object({
          item: idOf('Item wajib dipilih'),
          qty: z.preprocess(
            (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
            z
              .number({ error: 'Jumlah diterima harus bilangan bulat 0 atau lebih' })
              .int('Jumlah diterima harus bilangan bulat 0 atau lebih')
              .min(0, 'Jumlah diterima harus bilangan bulat 0 atau lebih')
              .max(1_000_000_000, 'Jumlah terlalu besar'),
          ),
          batch: batchRef,
        }),
        { error: 'Item wajib diisi' },
      )
      .min(1, 'Minimal satu item')
      .max(200, 'Maksimal 200 item'),
    /** Required when a quantity differs from what was sent: the reason of the difference. */
    note: optionalText(500),
  })
  .superRefine(noDuplicateLines);
export type TransferReceiveInput = z.infer<typeof transferReceiveInput>;

export const transferListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3).optional()),
  /** 'in': to this branch; 'out': from it. */
  direction: z.preprocess(emptyToUndefined, z.enum(['in', 'out'], { error: 'Arah harus in atau out' }).optional()),
  from: optionalDate,
  to: optionalDate,
  /** Top-level users: every branch (backoffice). */
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: optionalId('Cabang tidak valid'),
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

export interface TransferLineDto {
  id: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  batch_id: number | null;
  expired_at: string | null;
  qty: number;
  /** Null until received. */
  received: number | null;
  difference: number | null;
  /** Value sent, rupiah (moving average of the sending branch). */
  value: number;
}
export interface TransferDto {
  id: number;
  code: string;
  profile_id: number;
  from_branch: string;
  to_profile_id: number;
  to_branch: string;
  inter_branch: boolean;
  from_warehouse: number;
  from_warehouse_name: string;
  to_warehouse: number;
  to_warehouse_name: string;
  sent_at: string;
  received_at: string | null;
  status: number;
  status_label: string;
  note: string | null;
  receive_note: string | null;
  value: number;
  received_value: number | null;
  difference_value: number | null;
  created_by_name: string | null;
  received_by_name: string | null;
  /** Whether the caller's branch may receive it now. */
  can_receive: boolean;
  items?: TransferLineDto[];
}

/** Warehouses a transfer may go to: every active warehouse of every branch (for the destination picker). */
export interface TransferTargetDto {
  id: number;
  code: string;
  name: string;
  kind: string;
  profile_id: number;
  branch_name: string;
}

// ---------------------------------------------------------------------------------------------------------
// Stock counts (stok opname)
// ---------------------------------------------------------------------------------------------------------

export const COUNT_STATUS_LABELS: Record<number, string> = {
  0: 'Ditolak',
  1: 'Menunggu Persetujuan',
  2: 'Diposting',
};

export const adjustmentInput = z
  .object({
    warehouse: idOf('Gudang wajib dipilih'),
    items: z
      .array(
        z.object({
          item: idOf('Item wajib dipilih'),
          batch: batchRef,
          counted: z.preprocess(
            (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
            z
              .number({ error: 'Jumlah hitung harus bilangan bulat 0 atau lebih' })
              .int('Jumlah hitung harus bilangan bulat 0 atau lebih')
              .min(0, 'Jumlah hitung harus bilangan bulat 0 atau lebih')
              .max(1_000_000_000, 'Jumlah terlalu besar'),
          ),
        }),
        { error: 'Item wajib diisi' },
      )
      .min(1, 'Minimal satu item')
      .max(500, 'Maksimal 500 item'),
    reason: requiredText(500),
  })
  .superRefine(noDuplicateLines);
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const countSheetQuery = z.object({ warehouse: idOf('Gudang wajib dipilih') });
export type CountSheetQuery = z.infer<typeof countSheetQuery>;
export interface CountSheetLineDto {
  item: number;
  code: string;
  name: string;
  unit: string;
  category: string | null;
  batch_id: number | null;
  batch: string | null;
  expired_at: string | null;
  /** On hand by the ledger now. */
  system: number;
  unit_cost: number;
}
export interface CountSheetDto {
  warehouse: { id: number; code: string; name: string };
  date: string;
  lines: CountSheetLineDto[];
}

export const adjustmentListQuery = z.object({
  ...pageQuery,
  warehouse: optionalId('Gudang tidak valid'),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2).optional()),
});
export type AdjustmentListQuery = z.infer<typeof adjustmentListQuery>;

export interface AdjustmentLineDto {
  item: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  system: number;
  counted: number;
  difference: number;
  /** Value of the difference (signed, rupiah): at the moving average when counted, the posted value once posted. */
  value: number;
}
export interface AdjustmentDto {
  id: number;
  code: string;
  warehouse: number;
  warehouse_name: string;
  counted_at: string;
  reason: string;
  status: number;
  status_label: string;
  loss: number;
  gain: number;
  jurnal_code: string | null;
  applog_id: number | null;
  created_by_name: string | null;
  items?: AdjustmentLineDto[];
}
/** POST /api/inventory/adjustment answers the count and whether it waits for approval. */
export interface AdjustmentResultDto extends AdjustmentDto {
  pending: boolean;
  message: string;
}

export const adjustmentSettingInput = z.object({
  /** Counts whose differences are worth more than this (rupiah) wait for approval. */
  approval_threshold: rupiah,
});
export type AdjustmentSettingInput = z.infer<typeof adjustmentSettingInput>;
export interface AdjustmentSettingDto {
  approval_threshold: number;
  needs_approval: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Pharmacy: dispensing prescriptions, and everything that left by sale or dispensing
// ---------------------------------------------------------------------------------------------------------

export const PHARMACY_STATUS_LABELS = {
  menunggu: 'Menunggu',
  sebagian: 'Diserahkan Sebagian',
  diserahkan: 'Diserahkan',
  batal: 'Batal',
} as const;
export type PharmacyStatus = keyof typeof PHARMACY_STATUS_LABELS;

export const resepListQuery = z.object({
  ...pageQuery,
  /** Default: waiting (menunggu and sebagian). */
  status: z.preprocess(
    emptyToUndefined,
    z
      .enum(['menunggu', 'sebagian', 'diserahkan', 'batal', 'antri', 'semua'], { error: 'Status tidak dikenal' })
      .default('antri'),
  ),
  from: optionalDate,
  to: optionalDate,
});
export type ResepListQuery = z.infer<typeof resepListQuery>;

export interface ResepLineDto {
  /** rm_entry id of the prescription item. */
  id: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  qty: number;
  signa: string | null;
  price: number;
  dispensed: number;
  remaining: number;
  /** Unexpired stock in the branch's pharmacy. */
  available: number;
  /** Zat aktif of the item (matched against the allergies). */
  generic_name: string | null;
  /** The prescriber's reason for giving it although it matches a recorded allergy. */
  allergy_override: string | null;
}
export interface ResepDto {
  id: number;
  code: string;
  visit_id: number;
  customer_id: number;
  customer_name: string;
  doctor_name: string;
  note: string | null;
  pharmacy_status: PharmacyStatus;
  status_label: string;
  created_at: string;
  items?: ResepLineDto[];
  dispensings?: DispensingDto[];
  /** The patient's recorded allergies (every branch), shown where the drugs are handed over. */
  allergies?: string[];
}

export const dispenseInput = z
  .object({
    resep: idOf('Resep wajib dipilih'),
    warehouse: idOf('Gudang wajib dipilih'),
    /** Default: what remains of every line of the prescription. */
    items: z
      .array(
        z.object({
          item: idOf('Item wajib dipilih'),
          qty: positiveQty(),
          batch: batchRef,
          /** The prescription line (rm_entry id) this serves; default: the line of the same item. */
          resep_item: optionalId('Baris resep tidak valid'),
          /** Required when the item differs from the prescribed one (substitution). */
          reason: optionalText(300),
        }),
        { error: 'Item wajib diisi' },
      )
      .min(1, 'Minimal satu item')
      .max(100, 'Maksimal 100 item')
      .optional(),
    note: optionalText(500),
    /** Required when a drug handed over matches a recorded allergy of the patient (kept on those lines). */
    allergy_override: allergyOverride,
  })
  .superRefine((v, ctx) => {
    v.items?.forEach((l, i) => {
      if (l.reason !== undefined && l.reason !== null && !l.resep_item)
        ctx.addIssue({
          code: 'custom',
          message: 'Pilih baris resep yang diganti',
          path: ['items', i, 'resep_item'],
        });
    });
  });
export type DispenseInput = z.infer<typeof dispenseInput>;

export interface DispensingLineDto {
  resep_item: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  expired_at: string | null;
  qty: number;
  price: number;
  cost: number;
  substitute_for: number | null;
  substitute_for_name: string | null;
  reason: string | null;
  /** Why it was handed over although it matches a recorded allergy. */
  allergy_override: string | null;
}
export interface DispensingDto {
  id: number;
  code: string;
  resep: number;
  warehouse: number;
  warehouse_name: string;
  dispensed_at: string;
  jurnal_code: string | null;
  created_by_name: string | null;
  pharmacy_status: PharmacyStatus;
  items: DispensingLineDto[];
}

export const salesQuery = z.object({
  ...pageQuery,
  from: optionalDate,
  to: optionalDate,
  warehouse: optionalId('Gudang tidak valid'),
  item: optionalId('Item tidak valid'),
  kind: z.preprocess(
    emptyToUndefined,
    z.enum(['sale', 'dispense'], { error: 'Jenis harus sale atau dispense' }).optional(),
  ),
  all: bool,
});
export type SalesQuery = z.infer<typeof salesQuery>;
export interface SalesRowDto {
  id: number;
  moved_at: string;
  kind: 'sale' | 'dispense';
  kind_label: string;
  source_kind: string;
  source_id: number;
  document: string | null;
  customer_name: string | null;
  warehouse: number;
  warehouse_name: string;
  item: number;
  code: string;
  name: string;
  unit: string;
  batch: string | null;
  qty: number;
  cost: number;
  price: number | null;
}
