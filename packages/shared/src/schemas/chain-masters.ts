import { z, emptyToUndefined, pageQuery } from './common.js';
import { categoryInput, vendorInput } from './inventory.js';
import { itemInput, paketInput, paketTypeInput, tindakanInput } from './paket.js';
import { multimediaLabelInput } from './service-multimedia.js';

/**
 * The masters the chain owns (issue 30 item 2, docs/decisions.md "Masters owned by the chain"): one chain record per
 * thing, kept by the head office at /backoffice/master/{kind}, copied into every branch's own row of it.
 */
export const CHAIN_MASTER_KINDS = [
  'item',
  'item_category',
  'item_supplier',
  'treatment',
  'promo',
  'promosi',
  'foto-label',
] as const;
export type ChainMasterKind = (typeof CHAIN_MASTER_KINDS)[number];
export const CHAIN_MASTER_LABEL: Record<ChainMasterKind, string> = {
  item: 'Item',
  item_category: 'Kategori Item',
  item_supplier: 'Supplier',
  treatment: 'Perawatan',
  promo: 'Jenis paket',
  promosi: 'Paket promosi',
  'foto-label': 'Label foto',
};
export const chainMasterKind = z.enum(CHAIN_MASTER_KINDS, { error: 'Jenis master tidak dikenal' });

/** The message a branch gets when it tries to change what the head office keeps. */
export const CHAIN_OWNED_MESSAGE = 'Data ini dikelola kantor pusat';

/**
 * What each kind's form sends: the branch masters' own schemas. An item's `category_id` names a chain category
 * (a chain record of kind item_category); its `min_stock` is only the starting value of a branch's new row. The
 * purchase price of an item is each branch's (its receipts), not the chain's.
 */
export const chainMasterInputs = {
  item: itemInput.omit({ last_purchase_price: true }),
  item_category: categoryInput,
  item_supplier: vendorInput,
  treatment: tindakanInput,
  /** A package type ('Jenis Paket'): its `season_id` names a season; each branch's copy keeps it only where it runs. */
  promo: paketTypeInput,
  /**
   * A package: `paket_type_id` names a chain package type (kind promo), each item's `ref_id` a chain treatment
   * (type 1) or chain item (type 2); a lab form (type 3) is each branch's own, so not in a chain package.
   */
  promosi: paketInput,
  'foto-label': multimediaLabelInput,
} as const;
export type ChainMasterInputs = { [K in ChainMasterKind]: z.infer<(typeof chainMasterInputs)[K]> };

export const chainMasterListQuery = z.object({
  kind: chainMasterKind,
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type ChainMasterListQuery = z.infer<typeof chainMasterListQuery>;

/** A branch's row of a chain master. */
export interface ChainBranchRowDto {
  profile_id: number;
  profile_name: string;
  id: number;
  status: number;
}

export interface ChainMasterDto {
  id: number;
  kind: ChainMasterKind;
  /** The upper-cased code (a category: its lower-cased name): what names the thing in every branch. */
  key: string;
  name: string;
  status: number;
  /** The chain's values in the form's terms (money in rupiah; an item's category_id a chain category id). */
  fields: Record<string, unknown>;
  /** An item's chain category name, for the list. */
  category: string | null;
  branches: ChainBranchRowDto[];
  updated_at: string;
}
