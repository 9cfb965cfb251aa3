import {
  asSen,
  fromSen,
  MEMBERSHIP_STATUS,
  type MemberDto,
  type MemberListQuery,
  type Paged,
  type PricelistQuery,
  type PricelistRowDto,
  type backofficeMemberQuery,
  type z,
} from '@klinik/shared';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { backofficeScope, branchScope, type BranchScope } from '../../http/access-scope.js';
import { auditRead } from '../../lib/audit.js';
import * as q from './queries.js';

/** 'Daftar Harga': what the branch sells today with its price (rupiah), searchable by name or code. */
export async function pricelist(ctx: Ctx, query: PricelistQuery): Promise<PricelistRowDto[]> {
  const c = requireUser(ctx);
  const rows = await q.pricelist(c.db, {
    scope: branchScope(c),
    today: await c.today(),
    keyword: query.keyword,
    kind: query.kind,
  });
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    code: r.code,
    name: r.name,
    price: fromSen(asSen(Number(r.price_sen))),
    detail: r.detail,
    source: r.source,
  }));
}

/** 'Member': patients with package registrations, each with its packages and what is still owed. */
export async function members(ctx: Ctx, query: MemberListQuery): Promise<Paged<MemberDto>> {
  const c = requireUser(ctx);
  return memberPage(c, branchScope(c, query), query);
}

/** /backoffice/membership/member (issue 30): the members of the named branches (none: every branch). */
export async function backofficeMembers(
  ctx: Ctx,
  query: z.output<typeof backofficeMemberQuery>,
): Promise<Paged<MemberDto>> {
  const c = requireUser(ctx);
  return memberPage(c, backofficeScope(c, query.profile_id), query);
}

async function memberPage(
  c: AuthedCtx,
  scope: BranchScope,
  query: Pick<MemberListQuery, 'keyword' | 'active' | 'page' | 'limit'>,
): Promise<Paged<MemberDto>> {
  const { rows, count } = await q.members(c.db, {
    scope,
    keyword: query.keyword,
    activeOnly: query.active === 1,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const packages = await q.memberPackages(
    c.db,
    scope,
    rows.map((r) => r.id),
  );
  await auditRead(c, {
    action: 'read_list',
    entity: 'patient',
    ids: rows.map((r) => r.id),
    detail: { what: 'member' },
  });
  const data = rows.map((r): MemberDto => {
    const own = packages
      .filter((p) => p.customer_id === r.id)
      .map((p) => {
        const price = Number(p.price_sen);
        const owed = p.status === 1 ? Math.max(0, price - Number(p.paid_sen)) : 0;
        return {
          id: p.id,
          code: p.code,
          paketname: p.paketname,
          typename: p.typename,
          registered_at: p.registered_at,
          status: p.status,
          statusname: MEMBERSHIP_STATUS[p.status as keyof typeof MEMBERSHIP_STATUS] ?? String(p.status),
          price: fromSen(asSen(price)),
          outstanding_amount: fromSen(asSen(owed)),
          owedSen: owed,
        };
      });
    return {
      id: r.id,
      profile_id: Number(r.profile_id),
      username: r.username,
      name: r.name,
      phone: r.phone,
      packages: own.map(({ owedSen: _owed, ...p }) => p),
      active_count: own.filter((p) => p.status === 1).length,
      outstanding_amount: fromSen(asSen(own.reduce((s, p) => s + p.owedSen, 0))),
      last_registered_at: r.last_registered_at,
    };
  });
  return { data, count };
}
