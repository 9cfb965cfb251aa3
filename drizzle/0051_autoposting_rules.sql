-- Issue 28 item 7: automatic journal settings. A mapping row is history: never changed or deleted (a change is a new
-- version from a date). The key is one the posting service knows (packages/shared/src/schemas/autoposting.ts).
ALTER TABLE "finance_autoposting" ADD CONSTRAINT "finance_autoposting_key_chk" CHECK ("key" ~ '^[a-zA-Z][a-zA-Z0-9]*$');
--> statement-breakpoint
CREATE FUNCTION finance_autoposting_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Pengaturan jurnal otomatis tidak dapat diubah atau dihapus; simpan versi baru dengan tanggal berlaku'
    USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_autoposting_immutable BEFORE UPDATE OR DELETE ON "finance_autoposting"
  FOR EACH ROW EXECUTE FUNCTION finance_autoposting_immutable();
--> statement-breakpoint
CREATE TRIGGER finance_autoposting_no_truncate BEFORE TRUNCATE ON "finance_autoposting"
  FOR EACH STATEMENT EXECUTE FUNCTION finance_autoposting_immutable();
--> statement-breakpoint
-- The default mapping (the former constants of finance/accounts.ts) for every branch, from a date before any posting;
-- a branch created later gets the same rows (profile_autoposting_defaults below). Keep in step with AUTOPOST_KEYS.
CREATE FUNCTION finance_autoposting_seed(branch integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "finance_autoposting" ("profile_id", "key", "akun_id", "effective_from")
  SELECT branch, v.key, a.id, DATE '2000-01-01'
  FROM (VALUES
    ('pendapatanTindakan', '4101'),
    ('pendapatanProduk', '4102'),
    ('pendapatanPaket', '4103'),
    ('pendapatanLab', '4104'),
    ('pendapatanKonsultasi', '4105'),
    ('potonganPenjualan', '4109'),
    ('piutangPasien', '1120'),
    ('piutangMembership', '1130'),
    ('pendapatanPaketDimuka', '2301'),
    ('depositPasien', '2302'),
    ('piutangAntarCabang', '1170'),
    ('hutangUsaha', '2101'),
    ('hutangDokter', '2102'),
    ('hutangInvestor', '2103'),
    ('hutangGaji', '2104'),
    ('hutangLabRumahSakit', '2105'),
    ('hutangAntarCabang', '2106'),
    ('hutangPph21', '2201'),
    ('hutangPph23', '2202'),
    ('hutangPphBadan', '2203'),
    ('hutangBpjs', '2204'),
    ('hutangPpn', '2205'),
    ('persediaan', '1140'),
    ('persediaanPerjalanan', '1141'),
    ('hpp', '5101'),
    ('bebanBhp', '5102'),
    ('selisihPersediaan', '5104'),
    ('bebanLab', '5103'),
    ('bebanGaji', '6101'),
    ('bebanBagiHasilDokter', '6102'),
    ('bebanBpjs', '6105')
  ) AS v(key, code) JOIN "akun" a ON a."code" = v.code
  WHERE NOT EXISTS (SELECT 1 FROM "finance_autoposting" f WHERE f.profile_id = branch AND f.key = v.key);
END;
$$;
--> statement-breakpoint
SELECT finance_autoposting_seed(id) FROM "profile";
--> statement-breakpoint
CREATE FUNCTION profile_autoposting_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_autoposting_seed(NEW.id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profile_autoposting_defaults AFTER INSERT ON "profile"
  FOR EACH ROW EXECUTE FUNCTION profile_autoposting_defaults();
--> statement-breakpoint
-- Issue 28 item 8: the finance front door's stored-line reversal (modules/finance/reversal.ts) is the one path that may
-- reverse an automatic journal: it marks its insert with the transaction-local setting klinik.document_reversal.
CREATE OR REPLACE FUNCTION jurnal_reversal_of_manual() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src varchar;
BEGIN
  IF NEW.reversal_of IS NOT NULL AND coalesce(current_setting('klinik.document_reversal', true), '') <> 'on' THEN
    SELECT source_type INTO src FROM jurnal WHERE id = NEW.reversal_of;
    IF src IS NOT NULL AND src NOT IN ('jurnal_umum', 'demo') THEN
      RAISE EXCEPTION 'Jurnal otomatis tidak dapat dibatalkan dari laporan jurnal: batalkan atau koreksi dokumen sumbernya'
        USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
