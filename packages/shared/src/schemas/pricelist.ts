import { z, dateString, emptyToUndefined, idOf, optionalText, pageQuery, plainString, rupiah } from './common.js';

/**
 * The chain's price list (issue 30 item 3): base prices (every branch) and branch overrides of treatments and items,
 * each from its effective date, approved by a second person (docs/decisions.md, 'Price list').
 */
export const PRICE_KINDS = ['treatment', 'item'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PRICE_KIND_LABEL: Record<PriceKind, string> = { treatment: 'Perawatan', item: 'Item' };

/** 0 waiting for approval, 1 approved (in force from its date), 2 rejected or withdrawn. */
export const PRICE_STATUS = { 0: 'Menunggu Persetujuan', 1: 'Disetujui', 2: 'Dibatalkan' } as const;
export type PriceSource = 'override' | 'base' | 'master';
export const PRICE_SOURCE_LABEL: Record<PriceSource, string> = {
  override: 'Harga cabang',
  base: 'Harga dasar',
  master: 'Harga master',
};

export interface PriceShadowDto {
  profile_id: number;
  profile_name: string;
  effective_at: string;
  price: number;
}

export interface PriceListEntryDto {
  id: number;
  kind: PriceKind;
  code: string;
  name: string | null;
  /** null = the base price of every branch. */
  profile_id: number | null;
  profile_name: string | null;
  effective_at: string;
  /** Rupiah. */
  price: number;
  status: number;
  statusname: string;
  note: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  decided_by: number | null;
  decided_by_name: string | null;
  /** For a base price: the branches whose overrides are in force on or after its date (where it will not apply). */
  shadowed_by: PriceShadowDto[];
}

const kindField = z.enum(PRICE_KINDS, 'Jenis harus treatment atau item');
const code = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  plainString().min(1, 'Kode wajib diisi').max(50, 'Kode maksimal 50 karakter'),
);

/** POST /api/backoffice/pricelist: profile_id empty = the base price of every branch. */
export const priceListInput = z.object({
  kind: kindField,
  code,
  profile_id: z.preprocess(emptyToUndefined, idOf('Cabang tidak valid').nullable().optional()),
  effective_at: dateString,
  price: rupiah,
  note: optionalText(500),
});
export type PriceListInput = z.infer<typeof priceListInput>;

/**
 * PUT /api/backoffice/pricelist/{id}: while it waits, price, date and note may change (the editor becomes its maker);
 * status 1 approves it (a second person), status 2 rejects it or withdraws an approved price not yet in force.
 */
export const priceListUpdateInput = z
  .object({
    effective_at: dateString.optional(),
    price: rupiah.optional(),
    note: optionalText(500),
    status: z.coerce.number().int().min(1, 'Status tidak valid').max(2, 'Status tidak valid').optional(),
  })
  .refine((v) => v.status === undefined || (v.price === undefined && v.effective_at === undefined), {
    message: 'Ubah harga atau putuskan, tidak keduanya sekaligus',
    path: ['status'],
  });
export type PriceListUpdateInput = z.infer<typeof priceListUpdateInput>;

/** GET /api/backoffice/pricelist: branch = 'base' for the base prices only, or a branch id for its overrides. */
export const priceListEntryQuery = z.object({
  ...pageQuery,
  kind: z.preprocess(emptyToUndefined, kindField.optional()),
  profile_id: z.preprocess(emptyToUndefined, z.union([z.literal('base'), idOf('Cabang tidak valid')]).optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2).optional()),
});
export type PriceListEntryQuery = z.infer<typeof priceListEntryQuery>;

/** GET /api/pricelist/price: the price in force for a branch on a date (default: the current branch, today). */
export const priceQuery = z.object({
  kind: kindField,
  id: idOf('Id tidak valid'),
  profile_id: z.preprocess(emptyToUndefined, idOf('Cabang tidak valid').optional()),
  date: z.preprocess(emptyToUndefined, dateString.optional()),
});
export type PriceQuery = z.infer<typeof priceQuery>;

export interface PriceInForceDto {
  kind: PriceKind;
  id: number;
  code: string;
  profile_id: number;
  date: string;
  /** Rupiah. */
  price: number;
  source: PriceSource;
  price_list_id: number | null;
  effective_at: string | null;
}
