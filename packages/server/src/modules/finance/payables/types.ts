/**
 * The payables sub-ledger's vocabulary (issue 28). Exported from the finance front door (../index.ts).
 */
export const PARTY_TYPES = ['vendor', 'laboratorium', 'rumahsakit', 'doctor', 'investor', 'pegawai', 'pajak'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const PAYABLE_TAXES = [
  'pph_pegawai',
  'pph_doctor',
  'pph_investor',
  'pph_badan',
  'pph23',
  'bpjs',
  'ppn',
] as const;
export type PayableTax = (typeof PAYABLE_TAXES)[number];

/** Party pages of /finance/hutang/actor/{...}. */
export const ACTOR_TYPES = ['doctor', 'investor', 'rumahsakit', 'laboratorium', 'vendor'] as const;

/**
 * Who a line to a control account (akun.payable_party) is owed to. `name` may be left out when `id` names a user
 * (doctor, investor, pegawai) or a vendor: the posting service reads the name. Party 'pajak' needs `tax` (or takes the
 * account's payable_tax) and, for withheld taxes, `masa` ('YYYY-MM', default the journal's month) and the recipient
 * (whose tax it is: id, name, NIK/NPWP).
 */
export interface PayableParty {
  type: PartyType;
  id?: number | null;
  name?: string | null;
  tax?: PayableTax | null;
  masa?: string | null;
  recipient?: { id?: number | null; name?: string | null; tax_id?: string | null } | null;
}

export const PARTY_LABEL: Record<PartyType, string> = {
  vendor: 'Vendor',
  laboratorium: 'Laboratorium',
  rumahsakit: 'Rumah Sakit',
  doctor: 'Dokter',
  investor: 'Investor',
  pegawai: 'Pegawai',
  pajak: 'Kantor Pajak',
};

export function isPartyType(v: unknown): v is PartyType {
  return typeof v === 'string' && (PARTY_TYPES as readonly string[]).includes(v);
}
export function isPayableTax(v: unknown): v is PayableTax {
  return typeof v === 'string' && (PAYABLE_TAXES as readonly string[]).includes(v);
}

/** Whether a line to an account of party type `account` may name a party of type `party`. */
export function partyFitsAccount(account: string, party: PartyType): boolean {
  if (account === party) return true;
  // 2105 Hutang Lab/Rumah Sakit holds both outside laboratories and hospitals.
  return (
    (account === 'laboratorium' || account === 'rumahsakit') && (party === 'laboratorium' || party === 'rumahsakit')
  );
}
