import {
  PARTY_LABEL,
  proposeWithholding,
  WITHHOLDING_TAX_LABEL,
  type ErrorItem,
  type PartyType,
  type PayableTax,
  type Sen,
} from '@klinik/shared';
import type { Db } from '../../../db/client.js';
import { badRequestMany } from '../../../http/errors.js';
import * as q from '../queries/payables.js';

/**
 * The party's tax treatment applied to a payment (issue 28 item 2, branch w28; the rule is `proposeWithholding` in
 * @klinik/shared, the one the pay dialog proposes from): without `withholding` in the request the proposal is
 * withheld (PPh 23 2%, 4% without NPWP, of what is paid on service items); given, each line must be the party's tax
 * and the items paid must allow one (goods and items of runs that withheld already allow none). An empty list is
 * an explicit "nothing withheld" (e.g. the party holds an exemption certificate, SKB).
 */
export async function resolveWithholding(
  db: Db,
  profileId: number,
  a: {
    party_type: PartyType;
    party_id?: number | null;
    allocations: { item: number; amount: Sen }[];
    withholding?: { tax: PayableTax; amount: Sen }[];
  },
  sourceOf: (item: number) => string,
): Promise<{ tax: PayableTax; amount: Sen }[]> {
  const proposal = proposeWithholding({
    party_type: a.party_type,
    has_tax_id: await q.partyHasTaxId(db, profileId, a.party_type, a.party_id),
    lines: a.allocations.map((l) => ({ source_type: sourceOf(l.item), amount: l.amount })),
  });
  if (a.withholding === undefined)
    return proposal.tax && proposal.amount > 0 ? [{ tax: proposal.tax, amount: proposal.amount }] : [];
  const issues: ErrorItem[] = [];
  if (a.withholding.length && !proposal.allowed)
    issues.push({
      message:
        'Hutang yang dibayar tidak dipotong pajak (pembelian barang, atau pajaknya sudah dipotong saat hutang dicatat)',
      field: 'withholding',
    });
  else
    a.withholding.forEach((w, i) => {
      if (w.tax !== proposal.tax)
        issues.push({
          message: proposal.tax
            ? `Potongan pajak pembayaran ke ${PARTY_LABEL[a.party_type].toLowerCase()} adalah ${WITHHOLDING_TAX_LABEL[proposal.tax] ?? proposal.tax}`
            : 'Pembayaran ini tidak dipotong pajak',
          field: `withholding.${i}.tax`,
        });
    });
  if (issues.length) throw badRequestMany(issues);
  return a.withholding;
}
