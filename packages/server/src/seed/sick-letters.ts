import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { formatDocNumber, nextNumber } from '../lib/numbering.js';

/**
 * A sick-leave letter in the demo (issue 25): the demo doctor's newest finished record in Jakarta with a primary
 * diagnosis gets the letter they issued (two days from the visit, the diagnosis printed), so 'Cetak Ulang Surat
 * Sakit' has something to reprint. Numbered by the numbering service in the month of the visit.
 */
export async function seedSickLetters(tx: Db, branchIds: number[]): Promise<void> {
  const [v] = await queryRows<{
    visit_id: number;
    record_id: number;
    customer_id: number;
    doctor_id: number;
    visit_date: string;
    diagnosis: string;
    at: string;
  }>(
    tx,
    sql`select vi.id as visit_id, r.id as record_id, vi.customer_id, vi.doctor_id, vi.visit_date::text as visit_date,
          i.name_id || ' (' || d.code || ')' as diagnosis, r.finished_at::text as at
        from rm_record r
        join visit vi on vi.id = r.visit_id
        join users u on u.id = vi.doctor_id and u.username = 'dokter'
        join rm_entry e on e.record_id = r.id and e.kind = 'soap'
        join rm_entry_head h on h.entry_id = e.id and not h.voided
        join rm_diagnosis d on d.version_id = h.version_id and d.is_primary
        join icd10 i on i.code = d.code
        where r.profile_id = ${branchIds[0]} and r.status = 'finished'
        order by vi.visit_date desc, vi.id desc limit 1`,
  );
  if (!v) return;
  const period = v.visit_date.slice(0, 7).replace('-', '');
  const code = formatDocNumber('SKS', branchIds[0], period, await nextNumber(tx, branchIds[0], 'SKS', period));
  await tx.execute(
    sql`insert into rm_sick_letter (profile_id, record_id, visit_id, customer_id, doctor_id, code, days, start_date,
          end_date, diagnosis, created_by, created_at)
        values (${branchIds[0]}, ${v.record_id}, ${v.visit_id}, ${v.customer_id}, ${v.doctor_id}, ${code}, 2,
          ${v.visit_date}::date, ${v.visit_date}::date + 1, ${v.diagnosis}, ${v.doctor_id}, ${v.at}::timestamptz)`,
  );
}
