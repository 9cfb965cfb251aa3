import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

/** The journal lines of a document (its source type and id): akun code -> [debit, credit] in sen. */
export async function journalOf(db: Db, sourceType: string, id: number): Promise<Record<string, [number, number]>> {
  const rows = await queryRows<{ code: string; debit: string; credit: string }>(
    db,
    sql`select a.code, d.debit::text, d.credit::text from jurnal j join jurnal_detail d on d.jurnal_id = j.id
        join akun a on a.id = d.akun_id where j.source_type = ${sourceType} and j.source_id = ${String(id)} order by d.id`,
  );
  const out: Record<string, [number, number]> = {};
  for (const r of rows) {
    const e = (out[r.code] ??= [0, 0]);
    e[0] += Number(r.debit);
    e[1] += Number(r.credit);
  }
  return out;
}
