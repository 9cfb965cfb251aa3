/**
 * SQL of the automatic journal settings (issue 28 item 7); finance's queries.ts is at its size limit, so these live
 * here. The stored-line reversal's SQL is in queries/reversal.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

export interface MappedAccount {
  key: string;
  version_id: number;
  effective_from: string;
  akun_id: number;
  code: string;
  name: string;
  isheader: boolean;
  status: number;
  profile_id: number | null;
}

/** The mapping in force on `date` for the given keys of a branch (latest effective_from on or before it). */
export async function mappingAt(db: Db, branchId: number, keys: string[], date: string) {
  if (!keys.length) return new Map<string, MappedAccount>();
  const rows = await queryRows<MappedAccount>(
    db,
    sql`select distinct on (f.key) f.key, f.id as version_id, f.effective_from::text as effective_from,
          a.id as akun_id, a.code, a.name, a.isheader, a.status, a.profile_id
        from finance_autoposting f join akun a on a.id = f.akun_id
        where f.profile_id = ${branchId} and f.effective_from <= ${date}::date
          and f.key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by f.key, f.effective_from desc, f.id desc`,
  );
  return new Map(
    rows.map((r) => [
      r.key,
      {
        ...r,
        version_id: Number(r.version_id),
        akun_id: Number(r.akun_id),
        status: Number(r.status),
        profile_id: r.profile_id === null ? null : Number(r.profile_id),
      },
    ]),
  );
}

/** A version of a key's account as read (the API's AutopostingVersionDto and the key it is of). */
export interface VersionRow {
  id: number;
  key: string;
  akun_id: number;
  akun: string;
  akunname: string;
  effective_from: string;
  created_by: string | null;
  created_at: string;
}

/** Every version of the branch's keys (or of one key), newest first per key. */
export function versions(db: Db, branchId: number, key?: string): Promise<VersionRow[]> {
  return queryRows<VersionRow>(
    db,
    sql`select f.id, f.key, f.akun_id, a.code as akun, a.name as akunname, f.effective_from::text as effective_from,
          u.name as created_by, f.created_at::text as created_at
        from finance_autoposting f join akun a on a.id = f.akun_id left join users u on u.id = f.created_by
        where f.profile_id = ${branchId} ${key ? sql`and f.key = ${key}` : sql``}
        order by f.key, f.effective_from desc, f.id desc`,
  );
}

export interface SampleRow {
  key: string;
  source_type: string;
  source: string;
  code: string;
  transaction_at: string;
}

/** Per key, the latest journal of a document of the branch that posted with it. */
export function samples(db: Db, branchId: number, key?: string): Promise<SampleRow[]> {
  return queryRows<SampleRow>(
    db,
    sql`select distinct on (d.autopost_key) d.autopost_key as key, j.source_type, j.source_id as source, j.code,
          j.transaction_at::text as transaction_at
        from jurnal_detail d join jurnal j on j.id = d.jurnal_id
        where d.profile_id = ${branchId} and d.autopost_key is not null and j.kind = 'umum'
          ${key ? sql`and d.autopost_key = ${key}` : sql``}
        order by d.autopost_key, d.id desc`,
  );
}

export interface StoredLine {
  line_no: number;
  akun: string;
  akunname: string;
  description: string | null;
  debit: string;
  credit: string;
  autopost_key: string | null;
}

/** The stored lines of a document's transaction journals in the branch, in order. */
export function documentLines(db: Db, branchId: number, sourceType: string, source: string): Promise<StoredLine[]> {
  return queryRows<StoredLine>(
    db,
    sql`select d.line_no, a.code as akun, a.name as akunname, d.description, d.debit::text as debit,
          d.credit::text as credit, d.autopost_key
        from jurnal j join jurnal_detail d on d.jurnal_id = j.id join akun a on a.id = d.akun_id
        where j.profile_id = ${branchId} and j.kind = 'umum' and j.source_type = ${sourceType}
          and j.source_id = ${source}
        order by j.id, d.line_no`,
  );
}
