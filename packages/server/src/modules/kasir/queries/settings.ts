/** Kasir settings, payment methods and the PPN tax. */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { kasirSetting } from '../../../db/schema/index.js';
import { n } from './rows.js';

// ------------------------------------------------------------------------------------------ settings, methods

export async function settingOf(db: Db, profileId: number) {
  const [row] = await db.select().from(kasirSetting).where(eq(kasirSetting.profile_id, profileId));
  return row ?? { profile_id: profileId, is_pkp: false, discount_limit_bp: 1000 };
}

export async function upsertSetting(db: Db, profileId: number, isPkp: boolean, limitBp: number) {
  await db
    .insert(kasirSetting)
    .values({ profile_id: profileId, is_pkp: isPkp, discount_limit_bp: limitBp })
    .onConflictDoUpdate({
      target: kasirSetting.profile_id,
      set: { is_pkp: isPkp, discount_limit_bp: limitBp, updated_at: sql`now()` },
    });
}

export interface MethodRow {
  id: number;
  name: string;
  type: string;
  status: number;
  akun: string;
}

/** Payment methods (shared by every branch) with the code of the account they post to. */
export async function paymentMethods(db: Db): Promise<MethodRow[]> {
  const rows = await queryRows<MethodRow>(
    db,
    sql`select m.id, m.name, m.type, m.status, a.code as akun from payment_method m join akun a on a.id = m.akun_id order by m.id`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), status: n(r.status) }));
}

/** The rate (basis points) and account code of the active PPN tax, or null. */
export async function ppnTax(db: Db): Promise<{ rate_bp: number; akun: string } | null> {
  const [row] = await queryRows<{ rate_bp: number; akun: string }>(
    db,
    sql`select p.rate_bp, a.code as akun from pajak p join akun a on a.id = p.akun_id
        where upper(p.code) = 'PPN' and p.status = 1 order by p.id limit 1`,
  );
  return row ? { rate_bp: n(row.rate_bp), akun: row.akun } : null;
}
