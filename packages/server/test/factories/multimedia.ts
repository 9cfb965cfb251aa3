import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../src/db/client.js';
import type { TestApp, TestUser } from '../helpers.js';
import type { ModuleFactories } from './types.js';

let seq = 0;

/**
 * A visit of a branch needing photos. The visits module (another helper's) owns the visit table's writes and has
 * no factory here yet, so the test inserts the row itself: a doctor and a patient of the branch, today, menunggu.
 */
export async function makeVisit(
  t: TestApp,
  branch: number,
  opts: { customer?: number; status?: string; date?: string; needsMultimedia?: boolean } = {},
): Promise<{ id: number; customer: number; doctor: number }> {
  const n = ++seq;
  const doctor = await t.makeUser('dokter', { branchId: branch, name: `Dokter Foto ${n}`, password: null });
  const customer = opts.customer ?? (await t.makePatient(branch, { name: `Pasien Foto ${n}` }));
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into visit (profile_id, code, visit_date, queue_number, customer_id, doctor_id, kind, needs_multimedia, status)
        values (${branch}, ${`KJ-UJI-${n}-${branch}`}, coalesce(${opts.date ?? null}::date, (now() at time zone 'Asia/Jakarta')::date),
                ${n}, ${customer}, ${doctor.id}, 'tindakan', ${opts.needsMultimedia ?? true}, 'menunggu')
        returning id`,
  );
  if (opts.status && opts.status !== 'menunggu') {
    // Through the state machine the trigger keeps.
    const path: Record<string, string[]> = {
      dipanggil: ['dipanggil'],
      diperiksa: ['dipanggil', 'diperiksa'],
      selesai: ['dipanggil', 'diperiksa', 'selesai'],
      batal: ['batal'],
    };
    for (const s of path[opts.status] ?? [])
      await queryRows(t.db, sql`update visit set status = ${s} where id = ${row.id} returning id`);
  }
  return { id: row.id, customer, doctor: doctor.id };
}

/** A JPEG with EXIF (camera make, GPS-like comment) so a test can see it stripped. */
export async function jpegWithExif(width = 64, height = 48, color = '#c08060'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'KameraUji', Model: 'Rahasia 1', Copyright: 'Lokasi Rahasia' } })
    .toBuffer();
}

/** A multipart body with text fields and one file field. */
export function photoForm(
  fields: Record<string, string>,
  file?: { field?: string; filename?: string; content: Buffer; type?: string },
) {
  const boundary = `----klinikfoto${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.filename ?? 'foto.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadPhoto(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string>,
  file?: { field?: string; filename?: string; content: Buffer; type?: string },
) {
  const form = photoForm(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/service/visitmultimedia',
    headers: { ...form.headers, cookie: user.cookie },
    payload: form.payload,
  });
  let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the API answers
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

const label = { name: 'Label Cabang B', status: 1 };

export const multimediaFactories: ModuleFactories = {
  'multimedia.label': {
    create: async (env) => ({ id: (await env.post('/api/service/multimedialabel', label)).id, body: label }),
  },
  // A shown photo of a branch B visit (its files too, so the file routes have something to refuse).
  'multimedia.photo': {
    create: async (env) => {
      const visit = await makeVisit(env.t, env.branch);
      const lbl = await env.post('/api/service/multimedialabel', { name: `Foto B ${++seq}` });
      const res = await uploadPhoto(
        env.t,
        env.manager,
        { visit: String(visit.id), label: String(lbl.id) },
        { content: await jpegWithExif() },
      );
      if (res.status !== 201) throw new Error(`multimedia.photo factory: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.data.id };
    },
  },
};
