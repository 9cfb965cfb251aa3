import {
  access,
  historyPerawatanQuery,
  idempotencyKey,
  idParam,
  membershipInput,
  membershipListQuery,
  paketInput,
  paketListQuery,
  paketTypeInput,
  piutangQuery,
  z,
  emptyToUndefined,
} from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { PAKET_READ, PIUTANG_READ, requireAnyRead } from './access.js';
import * as service from './services/index.js';

const id = z.object({ id: idParam });

export const paketRouter = router({
  types: procedure
    .meta({ access: access.auth })
    .input(z.object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) }))
    .query(({ ctx, input }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return service.listTypes(ctx, input.status);
    }),
  createType: procedure
    .meta({ access: access.feature('MASTER_PAKET', 'manage') })
    .input(paketTypeInput)
    .mutation(({ ctx, input }) => service.createType(ctx, input)),
  updateType: procedure
    .meta({ access: access.feature('MASTER_PAKET', 'manage') })
    .input(z.object({ id: idParam, data: paketTypeInput }))
    .mutation(({ ctx, input }) => service.updateType(ctx, input.id, input.data)),

  history: procedure
    .meta({ access: access.auth })
    .input(paketListQuery)
    .query(({ ctx, input }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return service.listHistory(ctx, input);
    }),
  historyGet: procedure
    .meta({ access: access.auth })
    .input(id)
    .query(({ ctx, input }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return service.getHistory(ctx, input.id);
    }),
  historyPerawatan: procedure
    .meta({ access: access.auth })
    .input(historyPerawatanQuery)
    .query(({ ctx, input }) => {
      requireAnyRead(ctx, ...PAKET_READ);
      return service.historyPerawatan(ctx, input.paket_history_id);
    }),
  get: procedure
    .meta({ access: access.feature('MASTER_PAKET', 'read') })
    .input(id)
    .query(({ ctx, input }) => service.getPaket(ctx, input.id)),
  create: procedure
    .meta({ access: access.feature('MASTER_PAKET', 'manage') })
    .input(paketInput)
    .mutation(({ ctx, input }) => service.createPaket(ctx, input)),
  update: procedure
    .meta({ access: access.feature('MASTER_PAKET', 'manage') })
    .input(z.object({ id: idParam, data: paketInput }))
    .mutation(({ ctx, input }) => service.updatePaket(ctx, input.id, input.data)),

  activePeriod: procedure
    .meta({ access: access.feature('LAYANAN_PAKET', 'read') })
    .query(({ ctx }) => service.activePeriod(ctx)),
  register: procedure
    .meta({ access: access.feature('LAYANAN_PAKET', 'manage') })
    .input(membershipInput.extend({ idempotency_key: idempotencyKey.optional() }))
    .mutation(async ({ ctx, input }) => {
      const { idempotency_key, ...payload } = input;
      return (await service.register(ctx, payload, idempotency_key)).data;
    }),
  memberships: procedure
    .meta({ access: access.feature('LAYANAN_PAKET', 'read') })
    .input(membershipListQuery)
    .query(({ ctx, input }) => service.listMemberships(ctx, input)),
  membership: procedure
    .meta({ access: access.feature('LAYANAN_PAKET', 'read') })
    .input(id)
    .query(({ ctx, input }) => service.getMembership(ctx, input.id)),
  piutang: procedure
    .meta({ access: access.auth })
    .input(piutangQuery)
    .query(({ ctx, input }) => {
      requireAnyRead(ctx, ...PIUTANG_READ);
      return service.piutang(ctx, input);
    }),
});
