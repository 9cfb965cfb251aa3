import type { FastifyInstance } from 'fastify';
import {
  access,
  agreementParams,
  agreementQuery,
  historyPerawatanQuery,
  idempotencyKey,
  idParam,
  membershipInput,
  membershipListQuery,
  paketHistoryQuery,
  paketInput,
  paketListQuery,
  paketTypeInput,
  piutangQuery,
  z,
  emptyToUndefined,
} from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { badRequestMany, zodIssues } from '../../http/errors.js';
import { PAKET_READ, PIUTANG_READ, requireAnyRead } from './access.js';
import * as service from './services/index.js';

const params = z.object({ id: idParam });

/**
 * REST for the Paket module. Spec section 7 fixes GET /api/paket/history, GET /api/paket/historyperawatan and
 * POST /api/paket/membership; the rest are ours (docs/decisions.md, "Paket"):
 *   GET/POST /api/paket/type, PUT /api/paket/type/:id
 *   GET /api/paket/history/:id, POST /api/paket, GET /api/paket/:id (versions), PUT /api/paket/:id (new version)
 *   GET /api/paket/membership (filters), GET /api/paket/membership/:id (slots and instalments)
 *   GET /api/paket/piutang (receivables with ageing)
 *   GET /api/paket/export/agreement/:profile_id/:customer/:paket_history_id[?doctor=] (application/pdf)
 */
export function paketRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/type',
    access: access.auth,
    query: z.object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) }),
    async handler(ctx, { query }) {
      requireAnyRead(ctx, ...PAKET_READ);
      const data = await service.listTypes(ctx, query.status);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/paket/type',
    access: access.feature('MASTER_PAKET', 'manage'),
    body: paketTypeInput,
    status: 201,
    handler: async (ctx, { body }) => ({ data: await service.createType(ctx, body) }),
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/paket/type/:id',
    access: access.feature('MASTER_PAKET', 'manage'),
    params,
    body: paketTypeInput,
    handler: async (ctx, { params, body }) => ({ data: await service.updateType(ctx, params.id, body) }),
  });

  restRoute(app, {
    method: 'GET',
    url: '/api/paket/history',
    access: access.auth,
    query: paketHistoryQuery.extend({ paket_type_id: paketListQuery.shape.paket_type_id }),
    handler: async (ctx, { query }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return service.listHistory(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/historyperawatan',
    access: access.auth,
    query: historyPerawatanQuery,
    handler: async (ctx, { query }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      const data = await service.historyPerawatan(ctx, query.paket_history_id);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/history/:id',
    access: access.auth,
    params,
    handler: async (ctx, { params }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return { data: await service.getHistory(ctx, params.id) };
    },
  });

  restRoute(app, {
    method: 'GET',
    url: '/api/paket/membership',
    access: access.feature('LAYANAN_PAKET', 'read'),
    query: membershipListQuery,
    handler: (ctx, { query }) => service.listMemberships(ctx, query),
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/membership/:id',
    access: access.feature('LAYANAN_PAKET', 'read'),
    params,
    handler: async (ctx, { params }) => ({ data: await service.getMembership(ctx, params.id) }),
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/paket/membership',
    access: access.feature('LAYANAN_PAKET', 'manage'),
    body: membershipInput,
    async handler(ctx, { body }, req, reply) {
      const header = req.headers['idempotency-key'];
      let key: string | undefined;
      if (header !== undefined) {
        const parsed = idempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success)
          throw badRequestMany(zodIssues(parsed.error).map((i) => ({ ...i, field: 'Idempotency-Key' })));
        key = parsed.data;
      }
      const { data, created } = await service.register(ctx, body, key);
      reply.status(created ? 201 : 200);
      return { data };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/piutang',
    access: access.auth,
    query: piutangQuery,
    handler: async (ctx, { query }) => {
      requireAnyRead(ctx, ...PIUTANG_READ);
      return service.piutang(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/export/agreement/:profile_id/:customer/:paket_history_id',
    access: access.feature('LAYANAN_PAKET', 'manage'),
    params: agreementParams,
    query: agreementQuery,
    async handler(ctx, { params, query }, _req, reply) {
      const { pdf, filename } = await service.agreementPdf(ctx, { ...params, doctor: query.doctor });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  restRoute(app, {
    method: 'POST',
    url: '/api/paket',
    access: access.feature('MASTER_PAKET', 'manage'),
    body: paketInput,
    status: 201,
    handler: async (ctx, { body }) => ({ data: await service.createPaket(ctx, body) }),
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/paket/:id',
    access: access.feature('MASTER_PAKET', 'read'),
    params,
    handler: async (ctx, { params }) => ({ data: await service.getPaket(ctx, params.id) }),
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/paket/:id',
    access: access.feature('MASTER_PAKET', 'manage'),
    params,
    body: paketInput,
    handler: async (ctx, { params, body }) => ({ data: await service.updatePaket(ctx, params.id, body) }),
  });
}
