import { sql } from 'drizzle-orm';
import { defaultPrivileges, passwordRule, ROLE_IDS, TOPLEVEL_IDS } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { profile, users } from '../db/schema/index.js';
import { hashPassword, isCommonPassword } from '../auth/password.js';
import { initialsOf, replacePrivileges } from '../modules/users/index.js';

/**
 * The first owner account of a production install (no default accounts exist there). Refuses to run when an
 * owner already exists; creates the first branch when there is none.
 */
export async function createOwner(db: Db, input: { username: string; name: string; password: string; branch: string }) {
  if (!/^[a-zA-Z0-9._-]{3,50}$/.test(input.username))
    throw new Error('Username 3-50 karakter: huruf, angka, titik, garis bawah atau strip');
  if (!input.name) throw new Error('Nama wajib diisi');
  const pw = passwordRule.safeParse(input.password);
  if (!pw.success) throw new Error(pw.error.issues[0].message);
  if (input.password.length < 8 || isCommonPassword(input.password))
    throw new Error('Password owner minimal 8 karakter dan tidak boleh password umum');
  const hash = await hashPassword(input.password);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [existing] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from users where roletoplevel = ${TOPLEVEL_IDS.owner}`,
    );
    if (Number(existing?.n ?? 0) > 0)
      throw new Error('Akun owner sudah ada. Gunakan menu pengguna untuk menambah akun.');
    const branches = await tx.select().from(profile).limit(1);
    const branch =
      branches[0] ??
      (
        await tx
          .insert(profile)
          .values({ name: input.branch || 'Klinik Pusat', status: 1 })
          .returning()
      )[0];
    const [row] = await tx
      .insert(users)
      .values({
        role: ROLE_IDS.manager,
        roletoplevel: TOPLEVEL_IDS.owner,
        username: input.username,
        password_hash: hash,
        name: input.name,
        initial: initialsOf(input.name),
        status: 1,
        profile_id: branch.id,
      })
      .returning();
    await replacePrivileges(tx, row.id, defaultPrivileges('manager'));
    return { username: row.username, branch: branch.name };
  });
}
