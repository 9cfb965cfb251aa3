-- Issue 26 item 3: one patient, one record.
-- The name as duplicate checks compare it (normalizePersonName in packages/shared does the same): lower case,
-- anything but letters and digits a single space, trimmed.
CREATE FUNCTION klinik_name_norm(p text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(p), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX "users_patient_name_norm_idx" ON "users" ("profile_id", klinik_name_norm("name")) WHERE "role" = 1;
--> statement-breakpoint
CREATE INDEX "users_patient_idcard_idx" ON "users" ("profile_id", "idcard") WHERE "role" = 1 AND "idcard" IS NOT NULL;
--> statement-breakpoint
-- A merge re-points a duplicate's rows to the patient it was merged into. The guards that keep medical records and
-- payments unchangeable let exactly that through: the same row with only customer_id changed, from a patient
-- marked merged_into the new customer (the merge marks it first, in the same transaction). Nothing else changes.
CREATE FUNCTION klinik_merge_repoint(old_row jsonb, new_row jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT old_row ? 'customer_id'
     AND (old_row - 'customer_id') = (new_row - 'customer_id')
     AND EXISTS (SELECT 1 FROM users u
                  WHERE u.id = (old_row ->> 'customer_id')::int
                    AND u.merged_into IS NOT NULL
                    AND u.merged_into = (new_row ->> 'customer_id')::int)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rm_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF klinik_merge_repoint(to_jsonb(OLD), to_jsonb(NEW)) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'Rekam medis tidak dapat diubah atau dihapus (%: %)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rm_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF klinik_merge_repoint(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF NOT (OLD.status = 'draft' AND NEW.status = 'finished')
     OR (NEW.id, NEW.profile_id, NEW.visit_id, NEW.customer_id, NEW.doctor_id, NEW.visit_date, NEW.created_by, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.profile_id, OLD.visit_id, OLD.customer_id, OLD.doctor_id, OLD.visit_date, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'Rekam medis hanya dapat diselesaikan sekali (status %)', OLD.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rm_prescription_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF klinik_merge_repoint(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.profile_id, NEW.record_id, NEW.visit_id, NEW.customer_id, NEW.doctor_id, NEW.code, NEW.note,
      NEW.idempotency_key, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.profile_id, OLD.record_id, OLD.visit_id, OLD.customer_id, OLD.doctor_id, OLD.code,
      OLD.note, OLD.idempotency_key, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'Resep tidak dapat diubah' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.pharmacy_status IS DISTINCT FROM OLD.pharmacy_status AND NOT (
       (OLD.pharmacy_status = 'menunggu' AND NEW.pharmacy_status IN ('sebagian', 'diserahkan', 'batal'))
    OR (OLD.pharmacy_status = 'sebagian' AND NEW.pharmacy_status IN ('diserahkan', 'batal'))) THEN
    RAISE EXCEPTION 'Status resep tidak dapat diubah dari % ke %', OLD.pharmacy_status, NEW.pharmacy_status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kasir_payment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF klinik_merge_repoint(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'void' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id) THEN
    RAISE EXCEPTION 'Pembayaran yang dibatalkan tidak dapat diubah' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status <> OLD.status AND NEW.status <> 'void' THEN
    RAISE EXCEPTION 'Status pembayaran hanya dapat berubah menjadi batal' USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.profile_id, NEW.code, NEW.kind, NEW.visit_id, NEW.customer_id, NEW.membership_id, NEW.session_id, NEW.cashier_id,
      NEW.paid_date, NEW.subtotal, NEW.discount, NEW.tax, NEW.total, NEW.paid, NEW.tendered, NEW.change, NEW.idempotency_key,
      NEW.parent_id)
     IS DISTINCT FROM
     (OLD.profile_id, OLD.code, OLD.kind, OLD.visit_id, OLD.customer_id, OLD.membership_id, OLD.session_id, OLD.cashier_id,
      OLD.paid_date, OLD.subtotal, OLD.discount, OLD.tax, OLD.total, OLD.paid, OLD.tendered, OLD.change, OLD.idempotency_key,
      OLD.parent_id) THEN
    RAISE EXCEPTION 'Pembayaran tidak dapat diubah; batalkan dengan pembalikan' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.jurnal_id IS NOT NULL AND NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id THEN
    RAISE EXCEPTION 'Jurnal pembayaran tidak dapat diganti' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.settled IS DISTINCT FROM OLD.settled AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Jumlah pelunasan hanya berubah melalui pelunasan' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status = 'void' AND OLD.status <> 'void' AND NEW.settled > 0 THEN
    RAISE EXCEPTION 'Batalkan pelunasan pembayaran ini terlebih dahulu' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A merged patient stays merged: merged_into is set once and never cleared or changed.
CREATE FUNCTION users_merge_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.merged_into IS NOT NULL AND NEW.merged_into IS DISTINCT FROM OLD.merged_into THEN
    RAISE EXCEPTION 'Pasien yang sudah digabungkan tidak dapat dipisahkan lagi' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_merge_keep BEFORE UPDATE OF merged_into ON users FOR EACH ROW EXECUTE FUNCTION users_merge_keep();
--> statement-breakpoint
CREATE FUNCTION patient_merge_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Riwayat penggabungan pasien tidak dapat diubah atau dihapus' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER patient_merge_append_only BEFORE UPDATE OR DELETE ON patient_merge FOR EACH ROW EXECUTE FUNCTION patient_merge_append_only();
--> statement-breakpoint
CREATE TRIGGER patient_merge_no_truncate BEFORE TRUNCATE ON patient_merge FOR EACH STATEMENT EXECUTE FUNCTION patient_merge_append_only();
