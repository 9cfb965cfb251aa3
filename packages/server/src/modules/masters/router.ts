import {
  access,
  formLabInput,
  idParam,
  itemInput,
  masterListQuery,
  tindakanInput,
  z,
  type Resource,
} from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import * as service from './service.js';

/** Procedures and lab forms need MASTER_TREATMENT, items MASTER_ITEM (read to list, manage to change). */
function masterRouter<K extends 'tindakan' | 'item' | 'formlab'>(
  kind: K,
  resource: Resource,
  input: z.ZodType<service.MasterInputs[K]>,
  updateInput: z.ZodType<{ id: number; data: service.MasterInputs[K] }>,
) {
  const id = z.object({ id: idParam });
  return router({
    list: procedure
      .meta({ access: access.feature(resource, 'read') })
      .input(masterListQuery)
      .query(({ ctx, input }) => service.list(ctx, kind, input)),
    get: procedure
      .meta({ access: access.feature(resource, 'read') })
      .input(id)
      .query(({ ctx, input }) => service.get(ctx, kind, input.id)),
    create: procedure
      .meta({ access: access.feature(resource, 'manage') })
      .input(input)
      .mutation(({ ctx, input }) => service.create(ctx, kind, input as service.MasterInputs[K])),
    update: procedure
      .meta({ access: access.feature(resource, 'manage') })
      .input(updateInput)
      .mutation(({ ctx, input }) => service.update(ctx, kind, input.id, input.data)),
    deactivate: procedure
      .meta({ access: access.feature(resource, 'manage') })
      .input(id)
      .mutation(({ ctx, input }) => service.deactivate(ctx, kind, input.id)),
  });
}

export const mastersRouter = router({
  tindakan: masterRouter('tindakan', 'MASTER_TREATMENT', tindakanInput, z.object({ id: idParam, data: tindakanInput })),
  item: masterRouter('item', 'MASTER_ITEM', itemInput, z.object({ id: idParam, data: itemInput })),
  formlab: masterRouter('formlab', 'MASTER_TREATMENT', formLabInput, z.object({ id: idParam, data: formLabInput })),
});
