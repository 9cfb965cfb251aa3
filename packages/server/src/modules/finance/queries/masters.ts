/** Finance SQL: the organisation-wide payment methods and taxes (masters). */
import { asc, eq } from 'drizzle-orm';
import { type Db } from '../../../db/client.js';
import { akun, pajak, paymentMethod } from '../../../db/schema/index.js';

// ---------------------------------------------------------------- payment methods and taxes

export async function listPaymentMethods(db: Db, status?: number) {
  return db
    .select({ m: paymentMethod, code: akun.code, name: akun.name })
    .from(paymentMethod)
    .innerJoin(akun, eq(akun.id, paymentMethod.akun_id))
    .where(status === undefined ? undefined : eq(paymentMethod.status, status))
    .orderBy(asc(paymentMethod.id));
}

export async function findPaymentMethod(db: Db, id: number) {
  const [row] = await db.select().from(paymentMethod).where(eq(paymentMethod.id, id));
  return row;
}

export async function insertPaymentMethod(db: Db, values: typeof paymentMethod.$inferInsert) {
  const [row] = await db.insert(paymentMethod).values(values).returning();
  return row;
}

export async function updatePaymentMethod(db: Db, id: number, values: Partial<typeof paymentMethod.$inferInsert>) {
  const [row] = await db
    .update(paymentMethod)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(paymentMethod.id, id))
    .returning();
  return row;
}

export async function listPajak(db: Db, status?: number) {
  return db
    .select({ p: pajak, code: akun.code, name: akun.name })
    .from(pajak)
    .innerJoin(akun, eq(akun.id, pajak.akun_id))
    .where(status === undefined ? undefined : eq(pajak.status, status))
    .orderBy(asc(pajak.code));
}

export async function findPajak(db: Db, id: number) {
  const [row] = await db.select().from(pajak).where(eq(pajak.id, id));
  return row;
}

export async function findPajakByCode(db: Db, code: string) {
  const [row] = await db.select().from(pajak).where(eq(pajak.code, code));
  return row;
}

export async function insertPajak(db: Db, values: typeof pajak.$inferInsert) {
  const [row] = await db.insert(pajak).values(values).returning();
  return row;
}

export async function updatePajak(db: Db, id: number, values: Partial<typeof pajak.$inferInsert>) {
  const [row] = await db
    .update(pajak)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(pajak.id, id))
    .returning();
  return row;
}
