/** REST and tRPC of doctor fee sharing (issue 29 items 1 and 2): /api/finance/sharing/*. */
import {
  access,
  idParam,
  sharingLineQuery,
  sharingResolveQuery,
  sharingRuleInput,
  sharingRuleQuery,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query } from '../../http/endpoint.js';
import { SHARING_RULE } from './entities.js';
import { listLines } from './fees.js';
import * as rules from './rules.js';

/**
 * Rules: FINANCE_SHARING read (finance, manager, owner) lists and resolves, manage writes; the investor role's
 * FINANCE_SHARING read is for its own distributions, so rules and fee lines also name the finance roles.
 * Fee lines: finance and managers of the branch, or a doctor for their own (docs/decisions.md "Sharing rules").
 */
const staff = access.roles('finance', 'manager');
export const sharingRead = access.all(access.feature('FINANCE_SHARING', 'read'), staff);
export const sharingManage = access.all(access.feature('FINANCE_SHARING', 'manage'), staff);
export const sharingLinesRead = access.roles('finance', 'manager', 'dokter');

export const sharingEndpoints = {
  rules: query({
    summary: 'Aturan sharing jasa dokter (filter dokter, tindakan, tanggal)',
    access: sharingRead,
    input: sharingRuleQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/rules', envelope: 'list' },
    handler: (ctx, input) => rules.listRules(ctx, input),
  }),
  resolve: query({
    summary: 'Aturan yang berlaku untuk dokter, tindakan dan tanggal, dengan alasannya',
    access: sharingRead,
    input: sharingResolveQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/rules/resolve' },
    handler: (ctx, input) => rules.resolveRule(ctx, input),
  }),
  create: mutation({
    summary: 'Buat aturan sharing (Idempotency-Key); aturan yang bertumpuk ditolak (409)',
    access: sharingManage,
    input: keyed(sharingRuleInput),
    handler: (ctx, { idempotency_key: _key, ...input }) => rules.createRule(ctx, input),
    rest: { method: 'POST', path: '/api/finance/sharing/rules', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
  }),
  update: mutation({
    summary: 'Ubah aturan sharing; aturan yang sudah dipakai ditutup dan dilanjutkan sebagai versi baru',
    access: sharingManage,
    entity: SHARING_RULE,
    input: z.object({ id: idParam, data: sharingRuleInput }),
    handler: (ctx, input) => rules.updateRule(ctx, input.id, input.data),
    rest: { method: 'PUT', path: '/api/finance/sharing/rules/:id', body: 'data' },
  }),
  lines: query({
    summary: 'Baris jasa dokter (dokter hanya miliknya sendiri)',
    access: sharingLinesRead,
    input: sharingLineQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/lines', envelope: 'list' },
    handler: (ctx, input) => listLines(ctx, input),
  }),
};
