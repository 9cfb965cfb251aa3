import { sql } from 'drizzle-orm';
import type { LabPartnerOption, LabPartnerType } from '@klinik/shared';
import { queryRows, type Db } from '../../../db/client.js';

/**
 * Outside laboratories and hospitals (issue 28, branch w28): the investor rows of kind 'laboratorium' and
 * 'rumahsakit' are the master of the parties a lab form is sent to. The lab form master reads them through here.
 */
export async function labPartnerOptions(db: Db, profileId: number): Promise<LabPartnerOption[]> {
  const rows = await queryRows<{ id: number; kind: LabPartnerType; name: string }>(
    db,
    sql`select id, kind, name from investor
        where profile_id = ${profileId} and kind in ('laboratorium', 'rumahsakit') and status = 1
        order by lower(name), id`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, name: r.name }));
}

/** One outside laboratory or hospital of the branch (any status), or null when the row is not one. */
export async function labPartnerOf(
  db: Db,
  profileId: number,
  id: number,
): Promise<(LabPartnerOption & { status: number }) | null> {
  const [r] = await queryRows<{ id: number; kind: LabPartnerType; name: string; status: number }>(
    db,
    sql`select id, kind, name, status from investor
        where id = ${id} and profile_id = ${profileId} and kind in ('laboratorium', 'rumahsakit')`,
  );
  return r ? { id: Number(r.id), kind: r.kind, name: r.name, status: Number(r.status) } : null;
}
