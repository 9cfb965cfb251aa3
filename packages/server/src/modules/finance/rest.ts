import type { FastifyInstance } from 'fastify';
import {
  akunInput,
  akunListQuery,
  akunUpdateInput,
  emptyToUndefined,
  idParam,
  jurnalInput,
  jurnalListQuery,
  ledgerQuery,
  pajakInput,
  pajakUpdateInput,
  paymentMethodInput,
  paymentMethodUpdateInput,
  periodeCloseInput,
  periodeInput,
  periodeListQuery,
  reportQuery,
  reverseInput,
  z,
} from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { financeManage, financeRead, paymentMethodManage, paymentMethodRead } from './access.js';
import * as service from './services/index.js';

const params = z.object({ id: idParam });
const statusQuery = z.object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) });

/** Spec 7 finance paths (periode, akun, jurnal) and the reports and masters of issue 4. */
export function financeRest(app: FastifyInstance) {
  // Chart of accounts
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/akun',
    access: financeRead,
    query: akunListQuery,
    async handler(ctx, { query }) {
      const data = await service.listAkun(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/akun',
    access: financeManage,
    body: akunInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createAkun(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/finance/akun/:id',
    access: financeManage,
    params,
    body: akunUpdateInput,
    async handler(ctx, { params, body }) {
      return { data: await service.updateAkun(ctx, params.id, body) };
    },
  });
  restRoute(app, {
    method: 'DELETE',
    url: '/api/finance/akun/:id',
    access: financeManage,
    params,
    async handler(ctx, { params }) {
      return { data: await service.deleteAkun(ctx, params.id) };
    },
  });

  // Accounting periods
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/periode',
    access: financeRead,
    query: periodeListQuery,
    async handler(ctx, { query }) {
      const data = await service.listPeriode(ctx, query);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/periode/:id',
    access: financeRead,
    params,
    async handler(ctx, { params }) {
      return { data: await service.getPeriode(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/periode',
    access: financeManage,
    body: periodeInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createPeriode(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/periode/:id/close',
    access: financeManage,
    params,
    body: periodeCloseInput,
    async handler(ctx, { params, body }) {
      return { data: await service.closePeriode(ctx, params.id, body) };
    },
  });

  // Journals
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/jurnal',
    access: financeRead,
    query: jurnalListQuery,
    async handler(ctx, { query }) {
      return service.listJurnal(ctx, query);
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/jurnal/:id',
    access: financeRead,
    params,
    async handler(ctx, { params }) {
      return { data: await service.getJurnal(ctx, params.id) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/jurnal',
    access: financeManage,
    body: jurnalInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createJurnal(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/jurnal/:id/reverse',
    access: financeManage,
    params,
    body: reverseInput,
    status: 201,
    async handler(ctx, { params, body }) {
      return { data: await service.reverseJurnal(ctx, params.id, body) };
    },
  });

  // Reports
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/laporan/trialbalance',
    access: financeRead,
    query: reportQuery,
    async handler(ctx, { query }) {
      return { data: await service.trialBalance(ctx, query) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/laporan/bukubesar',
    access: financeRead,
    query: ledgerQuery,
    async handler(ctx, { query }) {
      return { data: await service.ledger(ctx, query) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/laporan/labarugi',
    access: financeRead,
    query: reportQuery,
    async handler(ctx, { query }) {
      return { data: await service.profitLoss(ctx, query) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/laporan/neraca',
    access: financeRead,
    query: reportQuery,
    async handler(ctx, { query }) {
      return { data: await service.balanceSheet(ctx, query) };
    },
  });

  // Masters: payment methods and taxes
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/paymentmethod',
    access: paymentMethodRead,
    query: statusQuery,
    async handler(ctx, { query }) {
      const data = await service.listPaymentMethods(ctx, query.status);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/paymentmethod',
    access: paymentMethodManage,
    body: paymentMethodInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createPaymentMethod(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/finance/paymentmethod/:id',
    access: paymentMethodManage,
    params,
    body: paymentMethodUpdateInput,
    async handler(ctx, { params, body }) {
      return { data: await service.updatePaymentMethod(ctx, params.id, body) };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/finance/pajak',
    access: financeRead,
    query: statusQuery,
    async handler(ctx, { query }) {
      const data = await service.listPajak(ctx, query.status);
      return { data, count: data.length };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/finance/pajak',
    access: financeManage,
    body: pajakInput,
    status: 201,
    async handler(ctx, { body }) {
      return { data: await service.createPajak(ctx, body) };
    },
  });
  restRoute(app, {
    method: 'PUT',
    url: '/api/finance/pajak/:id',
    access: financeManage,
    params,
    body: pajakUpdateInput,
    async handler(ctx, { params, body }) {
      return { data: await service.updatePajak(ctx, params.id, body) };
    },
  });
}
