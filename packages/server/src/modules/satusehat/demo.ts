import type { Db } from '../../db/client.js';
import * as q from './queries/index.js';

/**
 * Demo SATUSEHAT data of the first branch (issue 31): no settings (the pages say why nothing is sent and 'Tes
 * koneksi' is offered once they are filled in), Locations for two visit kinds, IHS numbers of the branch's first
 * doctors, and a few finished visits with each status (sent with its resources' ids, failed with the missing
 * mappings, not configured). Deterministic: ids and numbers come from the rows' own ids.
 */
export async function seedSatusehatDemo(tx: Db, branchIds: number[]): Promise<void> {
  const branch = branchIds[0];
  if (!branch) return;
  await q.upsertMap(tx, {
    profile_id: branch,
    kind: 'location',
    local_key: 'konsultasi',
    code: 'b017aa54-f1df-4ec2-9d84-8823815d7228',
    display: 'Poli Umum',
  });
  await q.upsertMap(tx, {
    profile_id: branch,
    kind: 'location',
    local_key: 'tindakan',
    code: 'c2a8b0e1-5d3f-4c7a-9e21-4b8f1d6a3c90',
    display: 'Ruang Tindakan',
  });
  const doctors = await q.localThings(tx, branch, 'practitioner', { limit: 2, offset: 0 });
  for (const [i, d] of doctors.rows.entries())
    await q.upsertMap(tx, {
      profile_id: branch,
      kind: 'practitioner',
      local_key: d.local_key,
      code: `1000${String(9880728 + i)}`,
      display: d.name,
    });
  const records = await q.finishedRecords(tx, branch, 5);
  for (const [i, r] of records.entries()) {
    const status = i < 2 ? 'sent' : i === 2 ? 'failed' : 'not_configured';
    const row = await q.ensureOutbox(tx, {
      profile_id: branch,
      visit_id: r.visit_id,
      record_id: r.id,
      status,
      attempts: 1,
      reason:
        status === 'failed'
          ? 'Data belum lengkap: Nomor IHS pasien belum ada (cari lewat NIK di Master SATUSEHAT)'
          : status === 'not_configured'
            ? 'Pengaturan SATUSEHAT cabang ini belum diisi'
            : null,
      sent_revision: status === 'sent' ? 1 : null,
      sent_at: status === 'sent' ? r.finished_at : null,
    });
    if (!row || status !== 'sent') continue;
    const kinds: [string, string][] = [
      ['encounter', 'Encounter'],
      [`condition:${r.id}`, 'Condition'],
      ['observation:nadi', 'Observation'],
    ];
    for (const [seq, [key, type]] of kinds.entries())
      await q.upsertResource(tx, {
        profile_id: branch,
        outbox_id: row.id,
        key,
        resource_type: type,
        seq: seq + 1,
        status: 'sent',
        satusehat_id: `demo-${type.toLowerCase()}-${r.id}`,
        sent_revision: 1,
      });
  }
}
