import { addDays, todayIn } from '@klinik/shared';
import { visit } from '../../src/db/schema/index.js';
import type { FactoryEnv, ModuleFactories } from './types.js';

/** A doctor practising in branch B every day 08:00-20:00, and a patient of branch B. */
export async function practisingDoctor(env: FactoryEnv): Promise<number> {
  const doctor = await env.t.makeUser('dokter', { branchId: env.branch, name: 'dr. Cabang B' });
  await env.post('/api/service/doctor', { doctor_id: doctor.id, sip_number: 'SIP-B', specialization: 'Umum' });
  for (let day = 1; day <= 7; day++)
    await env.post('/api/service/doctorschedule', {
      doctor_id: doctor.id,
      day_of_week: day,
      start_time: '08:00',
      end_time: '20:00',
      slot_minutes: 30,
      capacity: 4,
    });
  return doctor.id;
}

let n = 0;
/** Rows of the doctors and reservations modules in another branch, for the cross-branch walk. */
export const reservationsFactories: ModuleFactories = {
  'doctors.practice': {
    create: async (env) => {
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch });
      const body = { doctor_id: doctor.id, sip_number: 'SIP-B2', specialization: 'Kulit', status: 1 };
      return { id: (await env.post('/api/service/doctor', body)).id, body };
    },
  },
  'doctors.practising': { create: async (env) => ({ id: await practisingDoctor(env) }) },
  'doctors.schedule': {
    create: async (env) => {
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch });
      await env.post('/api/service/doctor', { doctor_id: doctor.id });
      const body = {
        doctor_id: doctor.id,
        day_of_week: 2,
        start_time: '09:00',
        end_time: '12:00',
        slot_minutes: 30,
        capacity: 4,
      };
      return { id: (await env.post('/api/service/doctorschedule', body)).id, body };
    },
  },
  'doctors.closed': {
    create: async (env) => ({
      id: (await env.post('/api/service/scheduleclosed', { date: '2099-03-0' + ((n++ % 9) + 1), reason: 'Libur B' }))
        .id,
    }),
  },
  'reservations.reservation': {
    create: async (env) => {
      const doctor = await practisingDoctor(env);
      const customer = await env.t.makePatient(env.branch, { name: 'Pasien Reservasi B', phone: '081234567890' });
      // A month ahead: reservations lie at most a year ahead (issue 25 finding 8).
      const date = addDays(todayIn('Asia/Jakarta'), 30);
      const r = await env.post('/api/service/reservation', { customer, doctor, date, time: '09:00' });
      return { id: r.id, body: { status: 'batal', reason: 'Pasien berhalangan' } };
    },
  },
  'reservations.followup': {
    create: async (env) => {
      const doctor = await env.t.makeUser('dokter', { branchId: env.branch });
      const customer = await env.t.makePatient(env.branch, { name: 'Pasien Kontrol B' });
      const [row] = await env.t.db
        .insert(visit)
        .values({
          profile_id: env.branch,
          code: `KJ-B-${++n}-${customer}`,
          visit_date: '2099-01-01',
          queue_number: 1,
          customer_id: customer,
          doctor_id: doctor.id,
          kind: 'konsultasi',
          status: 'selesai',
          follow_up_date: '2099-01-10',
        })
        .returning();
      return { id: row.id };
    },
  },
};
