import {
  access,
  customerSearchQuery,
  employeeCreateInput,
  idParam,
  newPatientInput,
  userAdminListQuery,
  userChangePasswordInput,
  userListQuery,
  userProfileUpdate,
  userSetAccessInput,
  userSetPrivilegesInput,
  userSetStatusInput,
  z,
} from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { staffAccess } from './rest.js';
import * as service from './service.js';

export const usersRouter = router({
  list: procedure
    .meta({ access: staffAccess })
    .input(userListQuery)
    .query(({ ctx, input }) => service.list(ctx, input)),
  get: procedure
    .meta({ access: staffAccess })
    .input(z.object({ id: idParam }))
    .query(({ ctx, input }) => service.get(ctx, input.id)),
  createPatient: procedure
    .meta({ access: access.feature('PASIEN', 'manage') })
    .input(newPatientInput)
    .mutation(({ ctx, input }) => service.createPatient(ctx, input)),
  /** Profile card edit dialog; the service applies the profile rules (self / PASIEN / SETTING_USER manage). */
  update: procedure
    .meta({ access: staffAccess })
    .input(userProfileUpdate)
    .mutation(({ ctx, input }) => service.updateProfile(ctx, input.id, input.data)),
  /** Status dialog; setting inactive may answer { pending: true } (approval). */
  setStatus: procedure
    .meta({ access: staffAccess })
    .input(userSetStatusInput)
    .mutation(({ ctx, input }) => service.setStatus(ctx, input.id, input.status)),
  /** Role, top-level role and branch (SETTING_USER manage); may answer { pending: true }. */
  setAccess: procedure
    .meta({ access: access.feature('SETTING_USER', 'manage') })
    .input(userSetAccessInput)
    .mutation(({ ctx, input }) => service.setAccess(ctx, input.id, input.data)),
  changePassword: procedure
    .meta({ access: staffAccess })
    .input(userChangePasswordInput)
    .mutation(({ ctx, input }) => service.changePassword(ctx, input.id, input.data)),
  /** /master/users */
  adminList: procedure
    .meta({ access: access.feature('SETTING_USER', 'read') })
    .input(userAdminListQuery)
    .query(({ ctx, input }) => service.adminList(ctx, input)),
  createEmployee: procedure
    .meta({ access: access.feature('SETTING_USER', 'manage') })
    .input(employeeCreateInput)
    .mutation(({ ctx, input }) => service.createEmployee(ctx, input)),
  getPrivileges: procedure
    .meta({ access: access.feature('SETTING_USER', 'read') })
    .input(z.object({ id: idParam }))
    .query(({ ctx, input }) => service.getPrivileges(ctx, input.id)),
  setPrivileges: procedure
    .meta({ access: access.feature('SETTING_USER', 'manage') })
    .input(userSetPrivilegesInput)
    .mutation(({ ctx, input }) => service.setPrivileges(ctx, input.id, input.previleges)),
  /** GET /api/customer equivalent. */
  searchCustomers: procedure
    .meta({ access: staffAccess })
    .input(customerSearchQuery)
    .query(({ ctx, input }) => service.searchCustomers(ctx, input)),
});
