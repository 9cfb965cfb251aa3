/** SQL of the stored-line reversal of journals (issue 28 item 8, `reversal.ts`). */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

export interface StoredJournal {
  id: number;
  profile_id: number;
  code: string;
  transaction_at: string;
  kind: string;
  source_type: string | null;
  source_id: string | null;
}

export async function storedLines(
  db: Db,
  jurnalId: number,
): Promise<{ akun_id: number; description: string | null; debit: string; credit: string }[]> {
  return queryRows(
    db,
    sql`select akun_id, description, debit::text as debit, credit::text as credit
        from jurnal_detail where jurnal_id = ${jurnalId} order by line_no, id`,
  );
}

/**
 * Marks the transaction as a document's reversal for the ledger's triggers (`klinik.document_reversal`), or clears
 * the mark: set before the reversal journal is stored, cleared after.
 */
export async function markDocumentReversal(db: Db, on: boolean): Promise<void> {
  await queryRows(db, sql`select set_config('klinik.document_reversal', ${on ? 'on' : ''}, true)`);
}

async function findStored(db: Db, where: ReturnType<typeof sql>): Promise<StoredJournal[]> {
  const rows = await queryRows<StoredJournal>(
    db,
    sql`select j.id, j.profile_id, j.code, j.transaction_at::text as transaction_at, j.kind, j.source_type, j.source_id
        from jurnal j where ${where} order by j.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), profile_id: Number(r.profile_id) }));
}

export async function storedJournal(db: Db, jurnalId: number): Promise<StoredJournal | undefined> {
  return (await findStored(db, sql`j.id = ${jurnalId}`))[0];
}

/** The branch's transaction journals of a document that no reversal names yet, oldest first. */
export function unreversedOf(db: Db, branchId: number, sourceType: string, sourceId: string): Promise<StoredJournal[]> {
  return findStored(
    db,
    sql`j.profile_id = ${branchId} and j.kind = 'umum' and j.source_type = ${sourceType}
        and j.source_id = ${sourceId}
        and not exists (select 1 from jurnal r where r.reversal_of = j.id)`,
  );
}
