/** REST and tRPC of doctor fee sharing (issue 29 items 1 and 2): /api/finance/sharing/*. */
import {
  SHARING_ACCESS,
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

/** Who may do what: SHARING_ACCESS (@klinik/shared; docs/decisions.md "Sharing rules"). */
const { read: sharingRead, manage: sharingManage, lines: sharingLinesRead } = SHARING_ACCESS;

export const sharingEndpoints = {
  rules: query({
    summary: 'Aturan sharing jasa dokter (filter dokter, tindakan, tanggal)',
    access: sharingRead,
    input: sharingRuleQuery,
    rest: { method: 'GET', path: '/api/finance/sharing/rules', envelope: 'list' },
    handler: (ctx, input) => rules.listRules(ctx, input),
  }),
  options: query({
    summary: 'Pilihan dokter dan tindakan cabang ini untuk aturan sharing',
    access: sharingRead,
    input: z.object({}),
    rest: { method: 'GET', path: '/api/finance/sharing/options' },
    handler: (ctx) => rules.options(ctx),
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
