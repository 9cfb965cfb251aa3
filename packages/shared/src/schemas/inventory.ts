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
  masterCode,
  masterStatus,
} from './common.js';
import { PHONE_PATTERN } from '../phone.js';

/**
 * Inventory and pharmacy (issue 13): item categories, vendors, warehouses, stock (one ledger of movements, on hand
 * per warehouse, item and batch), purchase orders and their receipts. Quantities are whole selling units of the
 * item, except on purchase orders and receipts, which count purchase units (docs/decisions.md, "Inventory").
 * Money in rupiah at the edge.
 */

/** A whole quantity > 0 (JSON number or a string of digits). */
export const positiveQty = (message = 'Jumlah harus bilangan bulat lebih dari 0') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(1_000_000_000, 'Jumlah terlalu besar'),
  );

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional());

export const inventoryListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Masters
// ---------------------------------------------------------------------------------------------------------

export const categoryInput = z.object({
  name: requiredText(80),
  description: optionalText(500),
  status: masterStatus,
});
export type CategoryInput = z.infer<typeof categoryInput>;
export interface CategoryDto {
  id: number;
  profile_id: number;
  name: string;
  description: string | null;
  status: number;
  /** The chain's record when the head office keeps this row (issue 30 item 2): read-only but the branch's own fields. */
  chain_id?: number | null;
  /** Active items in the category. */
  items: number;
}

/** NPWP: 15 digits (old format) or 16 (NIK-based, from 2024); dots and dashes are allowed and dropped. */
const npwp = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[.\-\s]/g, '') : v),
  z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(\d{15}|\d{16})$/, 'NPWP harus 15 atau 16 digit angka')
        .optional(),
    )
    .nullable(),
);

const phone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
  z
    .preprocess(
      emptyToUndefined,
      z.string().regex(PHONE_PATTERN, 'Nomor telepon tidak valid (contoh 081234567890)').optional(),
    )
    .nullable(),
);

export const vendorInput = z.object({
  code: masterCode(),
  name: requiredText(150),
  contact: optionalText(100),
  phone,
  address: optionalText(500),
  npwp,
  payment_terms: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Termin pembayaran harus berupa angka' })
      .int('Termin pembayaran harus bilangan bulat (hari)')
      .min(0, 'Termin pembayaran tidak boleh negatif')
      .max(365, 'Termin pembayaran maksimal 365 hari'),
  ),
  status: masterStatus,
});
export type VendorInput = z.infer<typeof vendorInput>;
export interface VendorDto {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  contact: string | null;
  phone: string | null;
  address: string | null;
  npwp: string | null;
  payment_terms: number;
  status: number;
  /** The chain's record when the head office keeps this row (issue 30 item 2): read-only but the branch's own fields. */
  chain_id?: number | null;
}

export const WAREHOUSE_KINDS = ['gudang', 'apotek', 'tindakan'] as const;
export type WarehouseKind = (typeof WAREHOUSE_KINDS)[number];
export const WAREHOUSE_KIND_LABELS: Record<WarehouseKind, string> = {
  gudang: 'Gudang Utama',
  apotek: 'Apotek',
  tindakan: 'Ruang Tindakan',
};

export const warehouseInput = z.object({
  code: masterCode(),
  name: requiredText(100),
  kind: z.enum(WAREHOUSE_KINDS, { error: 'Jenis gudang harus gudang, apotek atau tindakan' }),
  status: masterStatus,
});
export type WarehouseInput = z.infer<typeof warehouseInput>;
export interface WarehouseDto {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  kind: WarehouseKind;
  status: number;
}

// ---------------------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------------------

export const MOVEMENT_KIND_LABELS = {
  receipt: 'Penerimaan',
  transfer_out: 'Mutasi Keluar',
  transfer_in: 'Mutasi Masuk',
  sale: 'Penjualan',
  dispense: 'Resep',
  consumable: 'BHP',
  adjustment: 'Penyesuaian',
  return: 'Retur',
} as const;
export type MovementKind = keyof typeof MOVEMENT_KIND_LABELS;

/** Expiry filter of the stock list: already expired, or expiring within 30, 60 or 90 days. */
export const EXPIRY_FILTERS = ['expired', '30', '60', '90'] as const;

export const stockQuery = z.object({
  ...pageQuery,
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(50)),
  warehouse: optionalId('Gudang tidak valid'),
  item: optionalId('Item tidak valid'),
  expiry: z.preprocess(
    emptyToUndefined,
    z.enum(EXPIRY_FILTERS, { error: 'Filter kedaluwarsa harus expired, 30, 60 atau 90' }).optional(),
  ),
  /** Include rows with quantity 0 (default: only what is on hand). */
  empty: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
});
export type StockQuery = z.infer<typeof stockQuery>;

/** One row of `GET /api/inventory/stock` (spec 3 "Stock search item": name, unit, place.quantity; code, display). */
export interface StockRowDto {
  item: number;
  code: string;
  name: string;
  /** code - name (unit): the search display. */
  display: string;
  unit: string;
  category: string | null;
  warehouse: number;
  warehouse_name: string;
  warehouse_kind: WarehouseKind;
  batch: string | null;
  batch_id: number | null;
  expired_at: string | null;
  /** Days to expiry from the branch's today (negative: expired), null without a batch. */
  expires_in: number | null;
  quantity: number;
  /** Moving-average cost of one unit and the row's value, rupiah. */
  unit_cost: number;
  value: number;
}

/** Items with their on-hand across the branch's warehouses (/inventory/item). */
export const itemStockQuery = z.object({
  ...pageQuery,
  /** Only items below their minimum stock. */
  low: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
});
export type ItemStockQuery = z.infer<typeof itemStockQuery>;
export interface ItemStockDto {
  id: number;
  code: string;
  name: string;
  unit: string;
  purchase_unit: string | null;
  conversion: number;
  category: string | null;
  min_stock: number;
  track_batch: boolean;
  quantity: number;
  per_warehouse: { warehouse: number; name: string; quantity: number }[];
  average_cost: number;
  value: number;
  last_purchase_price: number;
}

export const stockCardQuery = z.object({
  item: idOf('Item wajib dipilih'),
  warehouse: optionalId('Gudang tidak valid'),
  from: optionalDate,
  to: optionalDate,
});
export type StockCardQuery = z.infer<typeof stockCardQuery>;
export interface StockCardLineDto {
  id: number;
  moved_at: string;
  warehouse: number;
  warehouse_name: string;
  kind: MovementKind;
  kind_label: string;
  source_kind: string;
  source_id: number;
  batch: string | null;
  expired_at: string | null;
  in: number;
  out: number;
  /** Running balance of the warehouse (of the branch when no warehouse is chosen). */
  balance: number;
  unit_cost: number;
  value: number;
  note: string | null;
  created_by_name: string | null;
}
export interface StockCardDto {
  item: { id: number; code: string; name: string; unit: string };
  warehouse: { id: number; name: string } | null;
  from: string | null;
  to: string | null;
  opening: number;
  lines: StockCardLineDto[];
  closing: number;
}

export const stockValueQuery = z.object({
  date: optionalDate,
  warehouse: optionalId('Gudang tidak valid'),
});
export type StockValueQuery = z.infer<typeof stockValueQuery>;
export interface StockValueDto {
  date: string;
  /** Value of the stock per warehouse and in total, from the ledger (rupiah). */
  warehouses: { warehouse: number; name: string; kind: WarehouseKind; quantity: number; value: number }[];
  total: number;
  /** Balance of account 1140 Persediaan at the date (the general ledger), and the difference (should be 0). */
  ledger: number;
  difference: number;
}

// ---------------------------------------------------------------------------------------------------------
// Purchasing
// ---------------------------------------------------------------------------------------------------------

export const PURCHASE_STATUS_LABELS: Record<number, string> = {
  0: 'Dibatalkan',
  1: 'Dipesan',
  2: 'Diterima Sebagian',
  3: 'Diterima',
};

/**
 * The price of one purchase unit: at least Rp1 (issue 25 finding 8: a receipt at Rp0,01 a unit would drag the moving
 * average cost down; a free bonus is received through a stock count, not at a price of nothing).
 */
const purchasePrice = rupiah.refine((v) => v >= 1, 'Harga beli minimal Rp1 per satuan');

const purchaseLine = z.object({
  item: idOf('Item wajib dipilih'),
  qty: positiveQty(),
  /** Price of one purchase unit, rupiah. */
  price: purchasePrice,
});

export const purchaseInput = z
  .object({
    vendor: idOf('Vendor wajib dipilih'),
    warehouse: idOf('Gudang wajib dipilih'),
    ordered_at: optionalDate,
    note: optionalText(500),
    items: z
      .array(purchaseLine, { error: 'Item wajib diisi' })
      .min(1, 'Minimal satu item')
      .max(200, 'Maksimal 200 item'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((l, i) => {
      if (seen.has(l.item))
        ctx.addIssue({ code: 'custom', message: 'Item sudah ada di pesanan', path: ['items', i, 'item'] });
      seen.add(l.item);
    });
  });
export type PurchaseInput = z.infer<typeof purchaseInput>;

export const purchaseListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3).optional()),
  vendor: optionalId('Vendor tidak valid'),
  from: optionalDate,
  to: optionalDate,
  /** Top-level users: a branch id or 'all' (backoffice). */
  profile_id: z.preprocess(emptyToUndefined, z.union([z.literal('all'), idOf('Cabang tidak valid')]).optional()),
  /** Orders still waiting for goods (status 1 or 2). */
  open: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

export interface PurchaseLineDto {
  id: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  purchase_unit: string;
  conversion: number;
  track_batch: boolean;
  qty: number;
  price: number;
  subtotal: number;
  received: number;
  remaining: number;
}
export interface PurchaseReceiptDto {
  id: number;
  code: string;
  received_at: string;
  total: number;
  jurnal_code: string | null;
  created_by_name: string | null;
  items: {
    item: number;
    name: string;
    qty: number;
    price: number;
    stock_qty: number;
    batch: string | null;
    expired_at: string | null;
  }[];
}
export interface PurchaseDto {
  id: number;
  profile_id: number;
  branch_name: string;
  code: string;
  vendor: number;
  vendor_name: string;
  warehouse: number;
  warehouse_name: string;
  ordered_at: string;
  note: string | null;
  total: number;
  received_total: number;
  status: number;
  status_label: string;
  created_by_name: string | null;
  items?: PurchaseLineDto[];
  receipts?: PurchaseReceiptDto[];
}

const receiveLine = z.object({
  item: idOf('Item wajib dipilih'),
  qty: positiveQty(),
  price: purchasePrice,
  batch: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.preprocess(emptyToUndefined, plainString().max(50, 'Nomor batch maksimal 50 karakter').optional()).nullable(),
  ),
  expired_at: optionalDate,
});

export const receiveInput = z.object({
  received_at: optionalDate,
  note: optionalText(500),
  items: z.array(receiveLine, { error: 'Item wajib diisi' }).min(1, 'Minimal satu item').max(200, 'Maksimal 200 item'),
});
export type ReceiveInput = z.infer<typeof receiveInput>;
