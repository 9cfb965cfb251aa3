-- Finance rules the database itself guarantees, whoever writes (service, another module, or direct SQL).
-- Errors use SQLSTATE 23514 (check_violation) so that a request that slips past the service checks answers 400.
ALTER TABLE "akun" ADD CONSTRAINT "akun_category_chk" CHECK ("category" BETWEEN 1 AND 8);
--> statement-breakpoint
ALTER TABLE "akun" ADD CONSTRAINT "akun_normal_chk" CHECK ("normal" IN ('D', 'K'));
--> statement-breakpoint
ALTER TABLE "akun" ADD CONSTRAINT "akun_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "finance_periode" ADD CONSTRAINT "finance_periode_status_chk" CHECK (
  ("status" = 0 AND "end_date" IS NULL) OR ("status" = 1 AND "end_date" IS NOT NULL AND "end_date" >= "start_date")
);
--> statement-breakpoint
ALTER TABLE "finance_periode_saldo" ADD CONSTRAINT "finance_periode_saldo_chk" CHECK (
  "kind" IN ('awal', 'akhir') AND "debit" >= 0 AND "credit" >= 0
);
--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_kind_chk" CHECK ("kind" IN ('umum', 'reversal', 'opening', 'closing'));
--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_total_chk" CHECK ("total" > 0 AND "line_count" >= 2);
--> statement-breakpoint
ALTER TABLE "jurnal_detail" ADD CONSTRAINT "jurnal_detail_amount_chk" CHECK (
  "debit" >= 0 AND "credit" >= 0 AND (("debit" > 0) <> ("credit" > 0))
);
--> statement-breakpoint
ALTER TABLE "pajak" ADD CONSTRAINT "pajak_rate_chk" CHECK ("rate_bp" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "pajak" ADD CONSTRAINT "pajak_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint

-- A journal goes into its branch's active period, on or after the period's start (the first period's opening
-- journal: the day before). FOR SHARE on the period row makes a concurrent close wait for this journal
-- (and a journal wait for a close in progress, then see the period closed).
CREATE FUNCTION jurnal_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p RECORD;
BEGIN
  SELECT id, profile_id, start_date, status INTO p FROM finance_periode WHERE id = NEW.periode_id FOR SHARE;
  IF NOT FOUND OR p.status <> 0 THEN
    RAISE EXCEPTION 'Periode pembukuan sudah ditutup' USING ERRCODE = '23514';
  END IF;
  IF p.profile_id <> NEW.profile_id THEN
    RAISE EXCEPTION 'Periode pembukuan milik cabang lain' USING ERRCODE = '23514';
  END IF;
  IF NEW.kind = 'opening' THEN
    IF NEW.transaction_at <> p.start_date - 1 THEN
      RAISE EXCEPTION 'Jurnal saldo awal harus bertanggal sehari sebelum periode dimulai' USING ERRCODE = '23514';
    END IF;
  ELSIF NEW.transaction_at < p.start_date THEN
    RAISE EXCEPTION 'Tanggal transaksi di luar periode pembukuan aktif' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_before_insert BEFORE INSERT ON "jurnal" FOR EACH ROW EXECUTE FUNCTION jurnal_before_insert();
--> statement-breakpoint

-- Lines take branch and date from their journal, and only post to active detail accounts open to that branch.
CREATE FUNCTION jurnal_detail_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  j RECORD;
  a RECORD;
BEGIN
  SELECT profile_id, transaction_at INTO j FROM jurnal WHERE id = NEW.jurnal_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Jurnal tidak ditemukan' USING ERRCODE = '23503';
  END IF;
  NEW.profile_id := j.profile_id;
  NEW.transaction_at := j.transaction_at;
  SELECT isheader, status, profile_id INTO a FROM akun WHERE id = NEW.akun_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Akun tidak ditemukan' USING ERRCODE = '23503';
  END IF;
  IF a.isheader THEN
    RAISE EXCEPTION 'Akun header tidak dapat diposting' USING ERRCODE = '23514';
  END IF;
  IF a.status <> 1 THEN
    RAISE EXCEPTION 'Akun tidak aktif' USING ERRCODE = '23514';
  END IF;
  IF a.profile_id IS NOT NULL AND a.profile_id <> j.profile_id THEN
    RAISE EXCEPTION 'Akun milik cabang lain' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_detail_before_insert BEFORE INSERT ON "jurnal_detail" FOR EACH ROW EXECUTE FUNCTION jurnal_detail_before_insert();
--> statement-breakpoint

-- At commit: each journal's lines sum to the same debit and credit, equal to its (immutable) total, and
-- their number equals its line_count. A journal without lines, an unbalanced one, or lines added to an
-- existing journal later (which changes the count) cannot be committed.
CREATE FUNCTION jurnal_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  jid integer;
  j RECORD;
  s RECORD;
BEGIN
  IF TG_TABLE_NAME = 'jurnal' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.jurnal_id;
  END IF;
  SELECT total, line_count INTO j FROM jurnal WHERE id = jid;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(debit), 0) AS d, coalesce(sum(credit), 0) AS c, count(*) AS n INTO s
    FROM jurnal_detail WHERE jurnal_id = jid;
  IF s.d <> s.c OR s.d <> j.total OR s.d <= 0 OR s.n <> j.line_count THEN
    RAISE EXCEPTION 'Jurnal tidak seimbang: total debit harus sama dengan total kredit' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER jurnal_balanced AFTER INSERT ON "jurnal"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION jurnal_check_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER jurnal_detail_balanced AFTER INSERT ON "jurnal_detail"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION jurnal_check_balanced();
--> statement-breakpoint

-- Posted journals and their lines are never changed or removed: they are reversed by another journal.
CREATE FUNCTION finance_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Jurnal yang sudah diposting tidak dapat diubah atau dihapus; batalkan dengan jurnal pembalik'
    USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_immutable BEFORE UPDATE OR DELETE ON "jurnal" FOR EACH ROW EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
CREATE TRIGGER jurnal_no_truncate BEFORE TRUNCATE ON "jurnal" FOR EACH STATEMENT EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
CREATE TRIGGER jurnal_detail_immutable BEFORE UPDATE OR DELETE ON "jurnal_detail" FOR EACH ROW EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
CREATE TRIGGER jurnal_detail_no_truncate BEFORE TRUNCATE ON "jurnal_detail" FOR EACH STATEMENT EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint

-- Periods: a new one starts after every closed one of its branch; an active one may only be closed
-- (status 0 -> 1 with an end date); a closed one is locked; none is deleted. Balances are insert-only.
CREATE FUNCTION finance_periode_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 0 THEN
      RAISE EXCEPTION 'Periode baru harus aktif' USING ERRCODE = '23514';
    END IF;
    IF EXISTS (SELECT 1 FROM finance_periode WHERE profile_id = NEW.profile_id AND status = 1 AND end_date >= NEW.start_date) THEN
      RAISE EXCEPTION 'Tanggal mulai periode harus setelah periode yang sudah ditutup' USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 0 OR NEW.status <> 1 OR NEW.profile_id <> OLD.profile_id OR NEW.start_date <> OLD.start_date
       OR NEW.id <> OLD.id THEN
      RAISE EXCEPTION 'Periode yang sudah ditutup terkunci' USING ERRCODE = '23514';
    END IF;
    IF EXISTS (SELECT 1 FROM jurnal WHERE periode_id = OLD.id AND transaction_at > NEW.end_date) THEN
      RAISE EXCEPTION 'Masih ada jurnal setelah tanggal tutup periode' USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Periode keuangan tidak dapat dihapus' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_periode_guard BEFORE INSERT OR UPDATE OR DELETE ON "finance_periode"
  FOR EACH ROW EXECUTE FUNCTION finance_periode_guard();
--> statement-breakpoint
CREATE TRIGGER finance_periode_saldo_immutable BEFORE UPDATE OR DELETE ON "finance_periode_saldo"
  FOR EACH ROW EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint

-- The default chart of an Indonesian clinic (SAK EMKM style numbering). Codes of detail accounts that other
-- modules post to are fixed (packages/server/src/modules/finance/accounts.ts): never renumber them.
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal") VALUES
  ('1000', 'ASET', 1, true, 'D'),
  ('1100', 'Aset Lancar', 1, true, 'D'),
  ('1101', 'Kas', 1, false, 'D'),
  ('1102', 'Bank', 1, false, 'D'),
  ('1103', 'Kas Kecil', 1, false, 'D'),
  ('1120', 'Piutang Pasien', 1, false, 'D'),
  ('1130', 'Piutang Membership', 1, false, 'D'),
  ('1140', 'Persediaan Obat & Barang', 1, false, 'D'),
  ('1150', 'Biaya Dibayar Dimuka', 1, false, 'D'),
  ('1160', 'Uang Muka Pembelian', 1, false, 'D'),
  ('1200', 'Aset Tetap', 1, true, 'D'),
  ('1201', 'Peralatan Medis', 1, false, 'D'),
  ('1202', 'Peralatan Kantor & Inventaris', 1, false, 'D'),
  ('1203', 'Renovasi Bangunan', 1, false, 'D'),
  ('1209', 'Akumulasi Penyusutan Aset Tetap', 1, false, 'K'),
  ('2000', 'KEWAJIBAN', 2, true, 'K'),
  ('2100', 'Kewajiban Lancar', 2, true, 'K'),
  ('2101', 'Hutang Usaha (Vendor)', 2, false, 'K'),
  ('2102', 'Hutang Dokter', 2, false, 'K'),
  ('2103', 'Hutang Investor', 2, false, 'K'),
  ('2104', 'Hutang Gaji', 2, false, 'K'),
  ('2105', 'Hutang Laboratorium & Rumah Sakit', 2, false, 'K'),
  ('2200', 'Hutang Pajak', 2, true, 'K'),
  ('2201', 'Hutang PPh 21', 2, false, 'K'),
  ('2202', 'Hutang PPh 23', 2, false, 'K'),
  ('2203', 'Hutang PPh Badan', 2, false, 'K'),
  ('2204', 'Hutang BPJS', 2, false, 'K'),
  ('2205', 'Hutang PPN', 2, false, 'K'),
  ('2300', 'Pendapatan Diterima Dimuka', 2, true, 'K'),
  ('2301', 'Pendapatan Paket Diterima Dimuka', 2, false, 'K'),
  ('2302', 'Deposit Pasien', 2, false, 'K'),
  ('3000', 'EKUITAS', 3, true, 'K'),
  ('3100', 'Modal', 3, true, 'K'),
  ('3101', 'Modal Disetor', 3, false, 'K'),
  ('3102', 'Prive / Dividen Dibagikan', 3, false, 'D'),
  ('3200', 'Saldo Laba', 3, true, 'K'),
  ('3201', 'Laba Ditahan', 3, false, 'K'),
  ('4000', 'PENDAPATAN', 4, true, 'K'),
  ('4100', 'Pendapatan Usaha', 4, true, 'K'),
  ('4101', 'Pendapatan Tindakan Medis', 4, false, 'K'),
  ('4102', 'Pendapatan Penjualan Produk', 4, false, 'K'),
  ('4103', 'Pendapatan Paket', 4, false, 'K'),
  ('4104', 'Pendapatan Laboratorium', 4, false, 'K'),
  ('4105', 'Pendapatan Konsultasi', 4, false, 'K'),
  ('4109', 'Potongan Penjualan', 4, false, 'D'),
  ('5000', 'HARGA POKOK PENJUALAN', 5, true, 'D'),
  ('5100', 'Harga Pokok', 5, true, 'D'),
  ('5101', 'Harga Pokok Penjualan', 5, false, 'D'),
  ('5102', 'Beban Bahan Medis Habis Pakai', 5, false, 'D'),
  ('5103', 'Beban Laboratorium', 5, false, 'D'),
  ('6000', 'BEBAN OPERASIONAL', 6, true, 'D'),
  ('6100', 'Beban Usaha', 6, true, 'D'),
  ('6101', 'Beban Gaji', 6, false, 'D'),
  ('6102', 'Beban Bagi Hasil Dokter', 6, false, 'D'),
  ('6103', 'Beban Sewa', 6, false, 'D'),
  ('6104', 'Beban Listrik, Air & Telepon', 6, false, 'D'),
  ('6105', 'Beban BPJS Perusahaan', 6, false, 'D'),
  ('6106', 'Beban Pemasaran', 6, false, 'D'),
  ('6107', 'Beban Perlengkapan Kantor', 6, false, 'D'),
  ('6108', 'Beban Pemeliharaan & Perbaikan', 6, false, 'D'),
  ('6109', 'Beban Penyusutan', 6, false, 'D'),
  ('6110', 'Beban Umum & Administrasi', 6, false, 'D'),
  ('7000', 'PENDAPATAN LAIN-LAIN', 7, true, 'K'),
  ('7101', 'Pendapatan Bunga Bank', 7, false, 'K'),
  ('7102', 'Pendapatan Lain-lain', 7, false, 'K'),
  ('8000', 'BEBAN LAIN-LAIN', 8, true, 'D'),
  ('8101', 'Beban Administrasi Bank', 8, false, 'D'),
  ('8102', 'Beban Pajak Penghasilan', 8, false, 'D'),
  ('8103', 'Beban Lain-lain', 8, false, 'D');
--> statement-breakpoint
UPDATE "akun" c SET "parent_id" = p."id" FROM "akun" p
  WHERE p."isheader" AND c."code" NOT LIKE '_000' AND p."code" = CASE
    WHEN c."code" LIKE '__00' THEN substr(c."code", 1, 1) || '000' ELSE substr(c."code", 1, 2) || '00' END;
--> statement-breakpoint
-- Detail accounts directly under a top-level header (7101 under 7000) when there is no middle header.
UPDATE "akun" c SET "parent_id" = p."id" FROM "akun" p
  WHERE c."parent_id" IS NULL AND NOT c."isheader" AND p."code" = substr(c."code", 1, 1) || '000';
--> statement-breakpoint
INSERT INTO "payment_method" ("name", "type", "akun_id")
  SELECT v.name, v.type, a.id FROM (VALUES
    ('Tunai', 'tunai', '1101'),
    ('Transfer Bank', 'transfer', '1102'),
    ('Kartu Debit', 'debit', '1102'),
    ('Kartu Kredit', 'kredit', '1102'),
    ('QRIS', 'qris', '1102')
  ) AS v(name, type, code) JOIN "akun" a ON a."code" = v.code;
--> statement-breakpoint
INSERT INTO "pajak" ("code", "name", "rate_bp", "akun_id")
  SELECT v.code, v.name, v.rate, a.id FROM (VALUES
    ('PPH21', 'PPh Pasal 21', 500, '2201'),
    ('PPH23', 'PPh Pasal 23', 200, '2202'),
    ('PPH_FINAL', 'PPh Final UMKM (PP 55/2022)', 50, '2203'),
    ('PPN', 'PPN', 1200, '2205')
  ) AS v(code, name, rate, akun) JOIN "akun" a ON a."code" = v.akun;
