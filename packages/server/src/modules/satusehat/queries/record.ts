import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  dispensing,
  dispensingItem,
  icd10,
  icd9cm,
  item,
  perawatan,
  profile,
  rmDiagnosis,
  rmEntry,
  rmEntryHead,
  rmEntryVersion,
  rmProcedure,
  rmRecord,
  users,
  visit,
} from '../../../db/schema/index.js';

/** What a finished visit's resources are built from (read only; the record module owns these tables). */
export async function visitHead(db: Db, visitId: number) {
  const [row] = await db
    .select({
      id: visit.id,
      code: visit.code,
      profile_id: visit.profile_id,
      kind: visit.kind,
      customer_id: visit.customer_id,
      doctor_id: visit.doctor_id,
      created_at: visit.created_at,
      called_at: visit.called_at,
      started_at: visit.started_at,
      finished_at: visit.finished_at,
      record_finished_at: rmRecord.finished_at,
      timezone: profile.timezone,
      patient_name: sql<string>`(select name from ${users} p where p.id = ${visit.customer_id})`,
      doctor_name: sql<string>`(select coalesce(d.medisname, d.name) from ${users} d where d.id = ${visit.doctor_id})`,
    })
    .from(visit)
    .innerJoin(profile, eq(profile.id, visit.profile_id))
    .leftJoin(rmRecord, eq(rmRecord.visit_id, visit.id))
    .where(eq(visit.id, visitId));
  return row;
}

/** The current, not voided versions of a kind of the visit's entries. */
function live(visitId: number, kind: string) {
  return and(eq(rmEntry.visit_id, visitId), eq(rmEntry.kind, kind), eq(rmEntryHead.voided, false));
}

export async function soapVersions(db: Db, visitId: number) {
  return db
    .select({
      version_id: rmEntryVersion.id,
      created_at: rmEntryVersion.created_at,
      sistole: rmEntryVersion.sistole,
      diastole: rmEntryVersion.diastole,
      nadi: rmEntryVersion.nadi,
      respirasi: rmEntryVersion.respirasi,
      suhu: rmEntryVersion.suhu,
      spo2: rmEntryVersion.spo2,
      berat: rmEntryVersion.berat,
      tinggi: rmEntryVersion.tinggi,
      entry_created_at: rmEntry.created_at,
    })
    .from(rmEntry)
    .innerJoin(rmEntryHead, eq(rmEntryHead.entry_id, rmEntry.id))
    .innerJoin(rmEntryVersion, eq(rmEntryVersion.id, rmEntryHead.version_id))
    .where(live(visitId, 'soap'))
    .orderBy(asc(rmEntry.created_at), asc(rmEntry.id));
}

export async function diagnosesOf(db: Db, versionIds: number[]) {
  if (!versionIds.length) return [];
  return db
    .select({ code: rmDiagnosis.code, primary: rmDiagnosis.is_primary, display: icd10.name_en })
    .from(rmDiagnosis)
    .innerJoin(icd10, eq(icd10.code, rmDiagnosis.code))
    .where(sql`${rmDiagnosis.version_id} in ${versionIds}`)
    .orderBy(asc(rmDiagnosis.version_id), asc(rmDiagnosis.seq));
}

export async function proceduresOf(db: Db, versionIds: number[]) {
  if (!versionIds.length) return [];
  return db
    .select({ id: rmProcedure.id, code: rmProcedure.code, display: icd9cm.name_en })
    .from(rmProcedure)
    .innerJoin(icd9cm, eq(icd9cm.code, rmProcedure.code))
    .where(sql`${rmProcedure.version_id} in ${versionIds}`)
    .orderBy(asc(rmProcedure.version_id), asc(rmProcedure.seq));
}

export async function treatmentsOf(db: Db, visitId: number) {
  return db
    .select({
      entry_id: rmEntry.id,
      perawatan_id: rmEntryVersion.perawatan_id,
      name: perawatan.name,
      icd9cm: rmEntryVersion.icd9cm,
      icd9_display: icd9cm.name_en,
      created_at: rmEntry.created_at,
    })
    .from(rmEntry)
    .innerJoin(rmEntryHead, eq(rmEntryHead.entry_id, rmEntry.id))
    .innerJoin(rmEntryVersion, eq(rmEntryVersion.id, rmEntryHead.version_id))
    .innerJoin(perawatan, eq(perawatan.id, rmEntryVersion.perawatan_id))
    .leftJoin(icd9cm, eq(icd9cm.code, rmEntryVersion.icd9cm))
    .where(live(visitId, 'treatment'))
    .orderBy(asc(rmEntry.id));
}

export async function prescriptionItemsOf(db: Db, visitId: number) {
  return db
    .select({
      entry_id: rmEntry.id,
      item_id: rmEntryVersion.item_id,
      name: item.name,
      unit: item.unit,
      kfa_code: item.kfa_code,
      qty: rmEntryVersion.qty,
      signa: rmEntryVersion.signa,
      created_at: rmEntry.created_at,
      dispensed_qty: sql<
        number | null
      >`(select sum(di.quantity)::int from ${dispensingItem} di where di.resep_entry_id = ${rmEntry.id})`,
      dispensed_at: sql<
        string | null
      >`(select min(d.created_at) from ${dispensingItem} di join ${dispensing} d on d.id = di.dispensing_id where di.resep_entry_id = ${rmEntry.id})`,
    })
    .from(rmEntry)
    .innerJoin(rmEntryHead, eq(rmEntryHead.entry_id, rmEntry.id))
    .innerJoin(rmEntryVersion, eq(rmEntryVersion.id, rmEntryHead.version_id))
    .innerJoin(item, eq(item.id, rmEntryVersion.item_id))
    .where(live(visitId, 'resep'))
    .orderBy(asc(rmEntry.id));
}
