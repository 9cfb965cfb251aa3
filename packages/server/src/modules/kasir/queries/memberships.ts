/** Memberships paid by instalment (cicilan) and package slots usable at the till. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { n, numbered } from './rows.js';
import { likeOf } from '../../../db/like.js';

// ------------------------------------------------------------------------------------------ memberships (cicilan)

export interface MembershipLock {
  id: number;
  profile_id: number;
  code: string;
  customer_id: number;
  status: number;
  customername: string;
  customerusername: string;
  paketname: string;
  price: number;
}

/** Locks the membership row: concurrent instalment payments of one membership run one after another. */
export async function lockMembership(db: Db, id: number): Promise<MembershipLock | undefined> {
  const [row] = await queryRows<MembershipLock>(
    db,
    sql`select m.id, m.profile_id, m.code, m.customer_id, m.status, m.price::text as price, u.name as customername,
          u.username as customerusername, h.name as paketname
        from paket_membership m join users u on u.id = m.customer_id
        join paket_history h on h.id = m.paket_history_id
        where m.id = ${id} for update of m`,
  );
  return row ? numbered(row, 'id', 'profile_id', 'customer_id', 'status', 'price') : undefined;
}

export interface CicilanRow {
  id: number;
  seq: number;
  due_date: string;
  amount: number;
  paid_amount: number;
  status: number;
}

export async function cicilanOf(db: Db, membershipIds: number[]): Promise<(CicilanRow & { membership_id: number })[]> {
  if (!membershipIds.length) return [];
  const rows = await queryRows<CicilanRow & { membership_id: number }>(
    db,
    sql`select id, membership_id, seq, due_date, amount::text as amount, paid_amount::text as paid_amount, status
        from paket_membership_cicilan where membership_id in (${sql.join(
          membershipIds.map((i) => sql`${i}`),
          sql`, `,
        )}) order by membership_id, seq`,
  );
  return rows.map((r) => ({
    ...r,
    id: n(r.id),
    membership_id: n(r.membership_id),
    seq: n(r.seq),
    amount: n(r.amount),
    paid_amount: n(r.paid_amount),
    status: n(r.status),
  }));
}

/** Memberships of this branch (active) with something still unpaid, found by patient or code. */
export async function searchMembershipsDue(db: Db, profileId: number, keyword?: string, customer?: number) {
  const k = keyword ? likeOf(keyword) : null;
  const rows = await queryRows<MembershipLock>(
    db,
    sql`select m.id, m.profile_id, m.code, m.customer_id, m.status, m.price::text as price, u.name as customername,
          u.username as customerusername, h.name as paketname
        from paket_membership m join users u on u.id = m.customer_id
        join paket_history h on h.id = m.paket_history_id
        where m.profile_id = ${profileId} and m.status = 1
          and exists (select 1 from paket_membership_cicilan c where c.membership_id = m.id and c.amount > c.paid_amount)
          ${k ? sql`and (lower(u.name) like ${k} or lower(u.username) like ${k} or lower(m.code) like ${k})` : sql``}
          ${customer ? sql`and m.customer_id = ${customer}` : sql``}
        order by u.name, m.id limit 30`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), customer_id: n(r.customer_id), price: n(r.price) }));
}

// ------------------------------------------------------------------------------------------ package slots

export interface SlotRow {
  id: number;
  membership_id: number;
  membershipcode: string;
  type: number;
  ref_id: number;
  name: string;
  free_slot: number;
  used_slot: number;
  expired_at: string;
}

/**
 * Unexpired slots with something left of the patient's active memberships in this branch, oldest expiry first.
 * `ref_id`: the perawatan, item or form_lab the slot is for (type 1, 2, 3).
 */
export async function usableSlots(db: Db, profileId: number, customerId: number, today: string): Promise<SlotRow[]> {
  const rows = await queryRows<SlotRow>(
    db,
    sql`select s.id, s.membership_id, m.code as membershipcode, s.type,
          coalesce(i.perawatan_id, i.item_id, i.form_lab_id) as ref_id, s.name, s.free_slot, s.used_slot, s.expired_at
        from paket_membership_slot s join paket_membership m on m.id = s.membership_id
        join paket_history_item i on i.id = s.paket_history_item_id
        where s.profile_id = ${profileId} and m.customer_id = ${customerId} and m.status in (1, 2)
          and s.expired_at >= ${today} and s.used_slot < s.free_slot
        order by s.expired_at, s.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: n(r.id),
    membership_id: n(r.membership_id),
    type: n(r.type),
    ref_id: n(r.ref_id),
    free_slot: n(r.free_slot),
    used_slot: n(r.used_slot),
  }));
}
