import { branchScope, requireAccess } from '../../../http/access-scope.js';
import { MEMBERSHIP } from '../entities.js';
import {
  AGEING_BUCKETS,
  fromSen,
  type AgeingBucket,
  type MembershipDto,
  type MembershipListQuery,
  type Paged,
  type PiutangQuery,
  type PiutangRowDto,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import { notFound } from '../../../http/errors.js';
import * as q from '../queries.js';
import { branchToday, membershipDto } from './common.js';

// ---------------------------------------------------------------------------------------------------------
// Sales, detail and receivables
// ---------------------------------------------------------------------------------------------------------

export async function listMemberships(ctx: Ctx, query: MembershipListQuery): Promise<Paged<MembershipDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listMemberships(c.db, {
    scope: branchScope(c, query),
    status: query.status,
    doctor: query.doctor,
    customer: query.customer,
    season: query.season,
    fromdate: query.fromdate ?? undefined,
    todate: query.todate ?? undefined,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(q.toMembershipDto), count };
}

export async function getMembership(ctx: Ctx, id: number): Promise<MembershipDto> {
  const c = requireUser(ctx);
  await requireAccess(c, MEMBERSHIP, [id], 'read');
  const dto = await membershipDto(c, id, true);
  if (!dto) throw notFound('Registrasi paket tidak ditemukan');
  return dto;
}

function bucketOf(dueDate: string, asof: string): AgeingBucket {
  if (dueDate >= asof) return 'belum_jatuh_tempo';
  const days = Math.round((Date.parse(asof) - Date.parse(dueDate)) / 86_400_000);
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90_plus';
}

/** Membership receivables: outstanding instalments per patient, aged by days past due. */
export async function piutang(ctx: Ctx, query: PiutangQuery): Promise<Paged<PiutangRowDto>> {
  const c = requireUser(ctx);
  const asof = query.asof ?? (await branchToday(c));
  const rows = await q.outstandingInstalments(c.db, branchScope(c), query.keyword);
  const byCustomer = new Map<number, { dto: PiutangRowDto; sen: Record<AgeingBucket | 'total', number> }>();
  for (const r of rows) {
    const id = Number(r.customer_id);
    let e = byCustomer.get(id);
    if (!e) {
      e = {
        dto: {
          customer: id,
          customerdata: { id, name: r.name, username: r.username },
          memberships: [],
          total: 0,
          belum_jatuh_tempo: 0,
          d1_30: 0,
          d31_60: 0,
          d61_90: 0,
          d90_plus: 0,
          oldest_due: null,
        },
        sen: { total: 0, belum_jatuh_tempo: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
      };
      byCustomer.set(id, e);
    }
    const amount = Number(r.outstanding);
    e.sen[bucketOf(r.due_date, asof)] += amount;
    e.sen.total += amount;
    if (!e.dto.memberships.includes(r.code)) e.dto.memberships.push(r.code);
    if (!e.dto.oldest_due || r.due_date < e.dto.oldest_due) e.dto.oldest_due = r.due_date;
  }
  const data = [...byCustomer.values()].map(({ dto, sen }) => {
    dto.total = fromSen(sen.total);
    for (const b of AGEING_BUCKETS) dto[b] = fromSen(sen[b]);
    return dto;
  });
  return { data, count: data.length };
}
