import type { PartyType } from '@klinik/shared';

/**
 * A party of the payables sub-ledger as the pages name it: its master id (vendor, user) or, for a party known by
 * name only (e.g. 'Saldo awal', an outside laboratory without a master row), its name.
 */
export interface PartyRef {
  type: PartyType;
  id: number | null;
  name: string;
}

/** Party types a payment transaction pays (the tax office is paid by a deposit on /finance/hutang/pajak/*). */
export const PAYABLE_PARTY_TYPES = ['vendor', 'laboratorium', 'rumahsakit', 'doctor', 'investor', 'pegawai'] as const;

/** One string per party (a select's value, a map key). */
export function partyKey(p: { id: number | null; name: string }): string {
  return p.id ? `id:${p.id}` : `name:${p.name}`;
}

/** The distinct parties of rows carrying party, party_name, sorted by name. */
export function partiesOf(
  type: PartyType,
  rows: readonly { party: number | null; party_name: string }[] | undefined,
): PartyRef[] {
  const seen = new Map<string, PartyRef>();
  for (const r of rows ?? []) {
    const p = { type, id: r.party, name: r.party_name };
    if (!seen.has(partyKey(p))) seen.set(partyKey(p), p);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'id'));
}

/** Whether a row (item, payment) belongs to the party. */
export function isParty(p: PartyRef, r: { party_type: PartyType; party: number | null; party_name: string }): boolean {
  return r.party_type === p.type && (p.id ? r.party === p.id : r.party === null && r.party_name === p.name);
}

/** The statement's REST address (GET /api/finance/hutang/statement) for a party, PDF or Excel. */
export function statementUrl(p: PartyRef, format: 'pdf' | 'xlsx', asOf?: string): string {
  const q = new URLSearchParams({ party_type: p.type, format });
  if (p.id) q.set('party', String(p.id));
  else q.set('party_name', p.name);
  if (asOf) q.set('as_of', asOf);
  return `/api/finance/hutang/statement?${q.toString()}`;
}
