import {
  akunInput,
  akunListQuery,
  akunUpdateInput,
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
import { procedure, router } from '../../http/trpc.js';
import { financeManage, financeRead, paymentMethodManage, paymentMethodRead } from './access.js';
import * as service from './services/index.js';

const byId = z.object({ id: idParam });
const statusFilter = z.object({ status: z.number().int().optional() }).optional();

/** The web app's front door to the finance services (same services as the REST adapter). */
export const financeRouter = router({
  akun: router({
    list: procedure
      .meta({ access: financeRead })
      .input(akunListQuery)
      .query(({ ctx, input }) => service.listAkun(ctx, input)),
    create: procedure
      .meta({ access: financeManage })
      .input(akunInput)
      .mutation(({ ctx, input }) => service.createAkun(ctx, input)),
    update: procedure
      .meta({ access: financeManage })
      .input(z.object({ id: idParam, data: akunUpdateInput }))
      .mutation(({ ctx, input }) => service.updateAkun(ctx, input.id, input.data)),
    remove: procedure
      .meta({ access: financeManage })
      .input(byId)
      .mutation(({ ctx, input }) => service.deleteAkun(ctx, input.id)),
  }),
  periode: router({
    list: procedure
      .meta({ access: financeRead })
      .input(periodeListQuery)
      .query(({ ctx, input }) => service.listPeriode(ctx, input)),
    get: procedure
      .meta({ access: financeRead })
      .input(byId)
      .query(({ ctx, input }) => service.getPeriode(ctx, input.id)),
    create: procedure
      .meta({ access: financeManage })
      .input(periodeInput)
      .mutation(({ ctx, input }) => service.createPeriode(ctx, input)),
    close: procedure
      .meta({ access: financeManage })
      .input(z.object({ id: idParam, data: periodeCloseInput }))
      .mutation(({ ctx, input }) => service.closePeriode(ctx, input.id, input.data)),
  }),
  jurnal: router({
    list: procedure
      .meta({ access: financeRead })
      .input(jurnalListQuery)
      .query(({ ctx, input }) => service.listJurnal(ctx, input)),
    get: procedure
      .meta({ access: financeRead })
      .input(byId)
      .query(({ ctx, input }) => service.getJurnal(ctx, input.id)),
    create: procedure
      .meta({ access: financeManage })
      .input(jurnalInput)
      .mutation(({ ctx, input }) => service.createJurnal(ctx, input)),
    reverse: procedure
      .meta({ access: financeManage })
      .input(z.object({ id: idParam, data: reverseInput }))
      .mutation(({ ctx, input }) => service.reverseJurnal(ctx, input.id, input.data)),
  }),
  laporan: router({
    trialBalance: procedure
      .meta({ access: financeRead })
      .input(reportQuery)
      .query(({ ctx, input }) => service.trialBalance(ctx, input)),
    ledger: procedure
      .meta({ access: financeRead })
      .input(ledgerQuery)
      .query(({ ctx, input }) => service.ledger(ctx, input)),
    profitLoss: procedure
      .meta({ access: financeRead })
      .input(reportQuery)
      .query(({ ctx, input }) => service.profitLoss(ctx, input)),
    balanceSheet: procedure
      .meta({ access: financeRead })
      .input(reportQuery)
      .query(({ ctx, input }) => service.balanceSheet(ctx, input)),
  }),
  paymentMethod: router({
    list: procedure
      .meta({ access: paymentMethodRead })
      .input(statusFilter)
      .query(({ ctx, input }) => service.listPaymentMethods(ctx, input?.status)),
    create: procedure
      .meta({ access: paymentMethodManage })
      .input(paymentMethodInput)
      .mutation(({ ctx, input }) => service.createPaymentMethod(ctx, input)),
    update: procedure
      .meta({ access: paymentMethodManage })
      .input(z.object({ id: idParam, data: paymentMethodUpdateInput }))
      .mutation(({ ctx, input }) => service.updatePaymentMethod(ctx, input.id, input.data)),
  }),
  pajak: router({
    list: procedure
      .meta({ access: financeRead })
      .input(statusFilter)
      .query(({ ctx, input }) => service.listPajak(ctx, input?.status)),
    create: procedure
      .meta({ access: financeManage })
      .input(pajakInput)
      .mutation(({ ctx, input }) => service.createPajak(ctx, input)),
    update: procedure
      .meta({ access: financeManage })
      .input(z.object({ id: idParam, data: pajakUpdateInput }))
      .mutation(({ ctx, input }) => service.updatePajak(ctx, input.id, input.data)),
  }),
});
