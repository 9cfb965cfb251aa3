-- Issue 33: chain-scale reports bounded by days and branches, not by the size of the book.
--
-- 1. jurnal_saldo_hari (finance): per branch, account and DAY, the sums of the journal lines, the closing journals
--    kept apart, kept by the posting statement exactly as jurnal_saldo_bulan is (0013). Reports read whole months
--    from jurnal_saldo_bulan and the partial months at the ends of a range from here instead of from jurnal_detail.
-- 2. ringkasan_harian (backoffice): per branch, day and kind, how many visits ('kunjungan', visit_date), new patients
--    ('pasien_baru', users of role 1 by join_at) and package sales ('paket', paket_membership.registered_at) there
--    are, every status, as the branch lists count them. Kept by row triggers on those tables in the transaction
--    that writes them (insert, delete, and an update that moves a row to another branch, day or role). One row per
--    kind, so a visit registration and a package sale of the same branch and day never wait for each other.
--
-- Both are backfilled here; the bench loader (bench/data, triggers off) fills them with ringkasan_harian_isi() and
-- its own daily balances.
CREATE TABLE "jurnal_saldo_hari" (
  "profile_id" integer NOT NULL,
  "akun_id" integer NOT NULL REFERENCES "akun" ("id"),
  "hari" date NOT NULL,
  "closing" boolean NOT NULL,
  "debit" bigint NOT NULL DEFAULT 0,
  "credit" bigint NOT NULL DEFAULT 0,
  "n" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("profile_id", "hari", "akun_id", "closing")
);
--> statement-breakpoint
CREATE FUNCTION jurnal_saldo_hari_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jurnal_saldo_hari AS s (profile_id, akun_id, hari, closing, debit, credit, n)
  SELECT d.profile_id, d.akun_id, d.transaction_at, j.kind = 'closing', sum(d.debit), sum(d.credit), count(*)
  FROM new_lines d JOIN jurnal j ON j.id = d.jurnal_id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 3, 2, 4
  ON CONFLICT (profile_id, hari, akun_id, closing) DO UPDATE
    SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit, n = s.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO jurnal_saldo_hari (profile_id, akun_id, hari, closing, debit, credit, n)
SELECT d.profile_id, d.akun_id, d.transaction_at, d.jurnal_id IN (SELECT id FROM jurnal WHERE kind = 'closing'),
       sum(d.debit), sum(d.credit), count(*)
FROM jurnal_detail d
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER jurnal_detail_saldo_hari AFTER INSERT ON "jurnal_detail"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION jurnal_saldo_hari_add();
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_hari_no_delete BEFORE DELETE ON "jurnal_saldo_hari"
  FOR EACH ROW EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_hari_no_truncate BEFORE TRUNCATE ON "jurnal_saldo_hari"
  FOR EACH STATEMENT EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
-- Only the posting trigger writes here (trigger depth 2), as for the monthly balances.
CREATE FUNCTION jurnal_saldo_hari_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Saldo harian hanya diisi oleh posting jurnal' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_hari_guard BEFORE INSERT OR UPDATE ON "jurnal_saldo_hari"
  FOR EACH ROW EXECUTE FUNCTION jurnal_saldo_hari_guard();
--> statement-breakpoint
CREATE TABLE "ringkasan_harian" (
  "profile_id" integer NOT NULL,
  "hari" date NOT NULL,
  "jenis" text NOT NULL CHECK ("jenis" IN ('kunjungan', 'pasien_baru', 'paket')),
  "n" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("profile_id", "jenis", "hari")
);
--> statement-breakpoint
-- The whole table again from the documents (the migration's backfill, and the bench loader after its bulk load).
CREATE FUNCTION ringkasan_harian_isi() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ringkasan_harian;
  INSERT INTO ringkasan_harian (profile_id, hari, jenis, n)
  SELECT profile_id, visit_date, 'kunjungan', count(*) FROM visit GROUP BY 1, 2
  UNION ALL
  SELECT profile_id, join_at, 'pasien_baru', count(*) FROM users WHERE role = 1 AND join_at IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT profile_id, registered_at, 'paket', count(*) FROM paket_membership GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT ringkasan_harian_isi();
--> statement-breakpoint
-- A row trigger of visit, users and paket_membership: TG_ARGV = kind, the date column, 'pasien' for users (only role 1
-- counts). The old row leaves its (branch, day), the new one joins its own, in key order.
CREATE FUNCTION ringkasan_harian_hitung() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_jenis text := TG_ARGV[0];
  kolom text := TG_ARGV[1];
  o jsonb;
  w jsonb;
  ok boolean := false;
  nk boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o := to_jsonb(OLD);
    ok := o->>kolom IS NOT NULL AND o->>'profile_id' IS NOT NULL AND (TG_NARGS < 3 OR (o->>'role')::int = 1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    w := to_jsonb(NEW);
    nk := w->>kolom IS NOT NULL AND w->>'profile_id' IS NOT NULL AND (TG_NARGS < 3 OR (w->>'role')::int = 1);
  END IF;
  IF ok AND nk AND o->>kolom = w->>kolom AND o->>'profile_id' = w->>'profile_id' THEN
    RETURN NULL;
  END IF;
  INSERT INTO ringkasan_harian AS r (profile_id, hari, jenis, n)
  SELECT x.p, x.h, v_jenis, sum(x.d)::int
  FROM (SELECT (o->>'profile_id')::int AS p, (o->>kolom)::date AS h, -1 AS d WHERE ok
        UNION ALL
        SELECT (w->>'profile_id')::int, (w->>kolom)::date, 1 WHERE nk) x
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (profile_id, jenis, hari) DO UPDATE SET n = r.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visit_ringkasan_harian AFTER INSERT OR DELETE OR UPDATE OF profile_id, visit_date ON "visit"
  FOR EACH ROW EXECUTE FUNCTION ringkasan_harian_hitung('kunjungan', 'visit_date');
--> statement-breakpoint
CREATE TRIGGER users_ringkasan_harian AFTER INSERT OR DELETE OR UPDATE OF profile_id, join_at, role ON "users"
  FOR EACH ROW EXECUTE FUNCTION ringkasan_harian_hitung('pasien_baru', 'join_at', 'pasien');
--> statement-breakpoint
CREATE TRIGGER paket_membership_ringkasan_harian AFTER INSERT OR DELETE OR UPDATE OF profile_id, registered_at
  ON "paket_membership" FOR EACH ROW EXECUTE FUNCTION ringkasan_harian_hitung('paket', 'registered_at');
