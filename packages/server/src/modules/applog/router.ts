import { access, applogDecideInput, applogListQuery, approvalRuleUpdateInput } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { myMenuAccess } from './rest.js';
import * as service from './service.js';

export const applogRouter = router({
  /** Activity list / drawer (scope 'drawer' = my requests and those waiting for me). */
  list: procedure
    .meta({ access: myMenuAccess })
    .input(applogListQuery)
    .query(({ ctx, input }) => service.list(ctx, input)),
  /** Approve (1) or reject (-1) once; approving carries the stored change out. */
  decide: procedure
    .meta({ access: myMenuAccess })
    .input(applogDecideInput)
    .mutation(({ ctx, input }) => service.decide(ctx, input.id, input.data)),
});

/** /master/approval-rule */
export const approvalRulesRouter = router({
  list: procedure
    .meta({ access: access.feature('SETTING_APPROVAL', 'read') })
    .query(({ ctx }) => service.listRules(ctx)),
  update: procedure
    .meta({ access: access.feature('SETTING_APPROVAL', 'manage') })
    .input(approvalRuleUpdateInput)
    .mutation(({ ctx, input }) => service.updateRule(ctx, input)),
});
