/**
 * The tax treatment of a payables payment (issue 28 item 2, branch w28): which tax a payment to a party may withhold,
 * on which of its items, at what rate. One function for the pay dialog (it proposes the lines) and the server (it
 * applies them when the request gives none, and refuses what the treatment forbids). docs/decisions.md, "Issue 28
 * leftovers".
 */
import { percentOf, splitSen, toSen, type Sen } from '../money.js';
import { z, emptyToUndefined, idOf } from './common.js';
import { PARTY_TYPES, type PartyType, type PayableTax } from './payables.js';

/** The one tax a payment to a party of this type may withhold (none for the tax office itself). */
export const PARTY_WITHHOLDING_TAX: Record<PartyType, PayableTax | null> = {
  vendor: 'pph23',
  laboratorium: 'pph23',
  rumahsakit: 'pph23',
  doctor: 'pph_doctor',
  investor: 'pph_investor',
  pegawai: 'pph_pegawai',
  pajak: null,
};
export const WITHHOLDING_TAX_LABEL: Partial<Record<PayableTax, string>> = {
  pph23: 'PPh 23',
  pph_doctor: 'PPh 21 dokter',
  pph_investor: 'PPh investor',
  pph_pegawai: 'PPh 21 pegawai',
};

/** PPh 23 on services: 2%; 100% higher (4%) for a party without NPWP (UU PPh Pasal 23 ayat 1a). */
export const PPH23_SERVICE_BP = 200;
export const PPH23_NO_NPWP_BP = 400;

/**
 * How an open item is treated when paid:
 * - 'service': a service of a vendor, laboratory or hospital (a registered expense owed to them, a lab form sent out):
 *   PPh 23 is withheld, proposed at 2% (4% without NPWP) of what is paid on it;
 * - 'none': nothing may be withheld: goods (a purchase receipt, stock documents) carry no PPh 23, and the runs of
 *   payroll, doctor fees and investors withheld their tax when they posted (the item is already the net);
 * - 'open': a line posted by hand or an opening balance: the treatment is not known, the user types the withholding
 *   (the tax is still the party's), nothing is proposed.
 */
export type WithholdingBasis = 'service' | 'none' | 'open';

const WITHHELD_BY_RUN = new Set(['payroll_run', 'payroll_correction', 'sharing_run', 'deviden_run']);

export function withholdingBasis(partyType: PartyType, sourceType: string): WithholdingBasis {
  if (partyType === 'pajak') return 'none';
  if (partyType === 'vendor' || partyType === 'laboratorium' || partyType === 'rumahsakit') {
    if (sourceType.startsWith('stock_')) return 'none';
    if (sourceType === 'expense' || sourceType === 'kasir_payment') return 'service';
    return 'open';
  }
  return WITHHELD_BY_RUN.has(sourceType) ? 'none' : 'open';
}

export interface WithholdingProposal {
  tax: PayableTax | null;
  /** What the proposal is based on: the sum paid on 'service' items (sen). */
  base: Sen;
  rate_bp: number;
  /** Rounded down to whole rupiah (sen). */
  amount: Sen;
  /** Some item may carry a withholding (a 'service' or 'open' item is paid). */
  allowed: boolean;
}

/** The withholding a payment of these allocations proposes (amounts in sen; negative allocations are debit notes). */
export function proposeWithholding(args: {
  party_type: PartyType;
  has_tax_id: boolean;
  lines: { source_type: string; amount: number }[];
}): WithholdingProposal {
  const tax = PARTY_WITHHOLDING_TAX[args.party_type];
  let base = 0;
  let allowed = false;
  for (const l of args.lines) {
    const basis = withholdingBasis(args.party_type, l.source_type);
    if (basis !== 'none' && l.amount > 0) allowed = true;
    if (basis === 'service') base += l.amount;
  }
  allowed = allowed && tax !== null;
  const rate_bp = tax === 'pph23' ? (args.has_tax_id ? PPH23_SERVICE_BP : PPH23_NO_NPWP_BP) : 0;
  const exact = base > 0 && rate_bp > 0 ? percentOf(base, rate_bp, 'floor') : 0;
  return { tax, base: base as Sen, rate_bp, amount: toSen(splitSen(exact).whole), allowed };
}

/** GET /api/finance/hutang/party-tax: what the pay dialog needs to propose (the party's tax and whether it has a tax id). */
export const partyTaxQuery = z.object({
  party_type: z.enum(PARTY_TYPES, { error: 'Jenis pihak tidak dikenal' }),
  party: z.preprocess(emptyToUndefined, idOf('Pihak tidak valid').optional()),
});
export interface PartyTaxDto {
  tax: PayableTax | null;
  /** The party has an NPWP (a vendor) or NPWP/NIK (an investor, laboratory or hospital row) of this branch. */
  has_tax_id: boolean;
}
export type PartyTaxQuery = z.infer<typeof partyTaxQuery>;
