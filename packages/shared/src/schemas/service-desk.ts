import { z, branchIdsParam, emptyToUndefined, optionalQueryInt, pageQuery, plainString } from './common.js';

/**
 * Around the desk (issue 11 item 7): the price list ('Daftar Harga') and the members list ('Member'). Read-only
 * views over the masters and the paket module's tables; money in rupiah at this edge.
 */

export const PRICELIST_KINDS = ['tindakan', 'item', 'formlab', 'paket'] as const;
export type PricelistKind = (typeof PRICELIST_KINDS)[number];
export const PRICELIST_KIND_LABEL: Record<PricelistKind, string> = {
  tindakan: 'Perawatan',
  item: 'Item',
  formlab: 'Form Lab',
  paket: 'Paket',
};

export const pricelistQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100, 'Kata kunci maksimal 100 karakter').optional()),
  kind: z.preprocess(emptyToUndefined, z.enum(PRICELIST_KINDS, 'Jenis tidak valid').optional()),
});
export type PricelistQuery = z.infer<typeof pricelistQuery>;

export interface PricelistRowDto {
  kind: PricelistKind;
  id: number;
  code: string;
  name: string;
  /** Rupiah. */
  price: number;
  /** Item unit, or the package type's name. */
  detail: string | null;
  /**
   * Treatments and items (issue 30): where today's price comes from: the branch's override, the chain's base price,
   * or the master's own price (not on the price list). Lab forms and packages: 'master'.
   */
  source: 'override' | 'base' | 'master';
}

export const memberListQuery = z.object({
  ...pageQuery,
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100, 'Kata kunci maksimal 100 karakter').optional()),
  /** 1: members with at least one active package only. */
  active: optionalQueryInt,
  isallbranch: optionalQueryInt,
});
export type MemberListQuery = z.infer<typeof memberListQuery>;
/** /backoffice/membership/member (issue 30): the members of the branches named by profile_id (none: every branch). */
export const backofficeMemberQuery = memberListQuery.omit({ isallbranch: true }).extend({ profile_id: branchIdsParam });
export type BackofficeMemberQuery = z.input<typeof backofficeMemberQuery>;

export interface MemberPackageDto {
  id: number;
  code: string;
  paketname: string;
  typename: string;
  registered_at: string;
  status: number;
  statusname: string;
  /** Rupiah. */
  price: number;
  outstanding_amount: number;
}

/** A member: a patient with at least one package registration (paket_membership). */
export interface MemberDto {
  id: number;
  /** The patient's home branch. */
  profile_id: number;
  username: string;
  name: string;
  phone: string | null;
  packages: MemberPackageDto[];
  active_count: number;
  /** Rupiah still owed over every package. */
  outstanding_amount: number;
  last_registered_at: string;
}
