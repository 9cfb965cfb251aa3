import type { FactoryEnv, ModuleFactories } from './types.js';

const department = { name: 'Departemen B', status: 1 };
const shift = { name: 'Pagi B', start_time: '08:00', end_time: '16:00', status: 1 };
const office = { name: 'Kantor B', latitude: -6.2, longitude: 106.8, radius: 100, status: 1 };
const component = { name: 'Tunjangan B', kind: 'earning', method: 'fixed', amount: 100000, status: 1 };

async function staffOf(env: FactoryEnv) {
  return env.t.makeUser('perawat', { branchId: env.branch, password: null });
}

async function groupOf(env: FactoryEnv) {
  const staff = await staffOf(env);
  const body = { name: 'Bulanan B', members: [staff.id], status: 1 };
  return { id: (await env.post('/api/attendance/payroll/groups', body)).id as number, body };
}

export const attendanceFactories: ModuleFactories = {
  'attendance.department': {
    create: async (env) => ({ id: (await env.post('/api/attendance/departments', department)).id, body: department }),
  },
  'attendance.employee': {
    create: async (env) => ({
      id: (await staffOf(env)).id,
      body: { employment: 'tetap', ptkp: 'TK/0', base_salary: 5_000_000 },
    }),
  },
  'attendance.shift': {
    create: async (env) => ({ id: (await env.post('/api/attendance/shifts', shift)).id, body: shift }),
  },
  'attendance.office': {
    create: async (env) => ({ id: (await env.post('/api/attendance/offices', office, env.owner)).id, body: office }),
  },
  'attendance.payrollComponent': {
    create: async (env) => ({
      id: (await env.post('/api/attendance/payroll/components', component)).id,
      body: component,
    }),
  },
  'attendance.payrollGroup': { create: groupOf },
  'attendance.leave': {
    create: async (env) => {
      const staff = await staffOf(env);
      const body = { employee: staff.id, date: '2026-03-02', kind: 'sakit', reason: 'Demam' };
      return { id: (await env.post('/api/attendance/leave', body)).id as number, body };
    },
  },
  'attendance.payrollRun': {
    create: async (env) => {
      const group = await groupOf(env);
      return { id: (await env.post('/api/attendance/payroll/run', { period: '2026-03', group: group.id })).id };
    },
  },
};
