-- Electronic medical record rules the database itself keeps (issue 12, Permenkes 24/2022): clinical rows are never
-- updated nor deleted (a correction is a new version, a wrong entry gets a void version), the record goes draft ->
-- finished once, a prescription's pharmacy status only moves forward, and the current-version pointer moves only
-- through the version trigger.
CREATE FUNCTION rm_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Rekam medis tidak dapat diubah atau dihapus (%: %)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rm_entry_append_only BEFORE UPDATE OR DELETE ON "rm_entry" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_entry_version_append_only BEFORE UPDATE OR DELETE ON "rm_entry_version" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_diagnosis_append_only BEFORE UPDATE OR DELETE ON "rm_diagnosis" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_procedure_append_only BEFORE UPDATE OR DELETE ON "rm_procedure" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_record_no_delete BEFORE DELETE ON "rm_record" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_prescription_no_delete BEFORE DELETE ON "rm_prescription" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_entry_no_truncate BEFORE TRUNCATE ON "rm_entry" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_entry_version_no_truncate BEFORE TRUNCATE ON "rm_entry_version" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_record_no_truncate BEFORE TRUNCATE ON "rm_record" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_diagnosis_no_truncate BEFORE TRUNCATE ON "rm_diagnosis" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_procedure_no_truncate BEFORE TRUNCATE ON "rm_procedure" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_prescription_no_truncate BEFORE TRUNCATE ON "rm_prescription" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_entry_head_no_truncate BEFORE TRUNCATE ON "rm_entry_head" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
-- The record: the only change is draft -> finished, once, stamping finished_at/by; nothing else of the row moves.
CREATE FUNCTION rm_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.status = 'draft' AND NEW.status = 'finished')
     OR (NEW.id, NEW.profile_id, NEW.visit_id, NEW.customer_id, NEW.doctor_id, NEW.visit_date, NEW.created_by, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.profile_id, OLD.visit_id, OLD.customer_id, OLD.doctor_id, OLD.visit_date, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'Rekam medis hanya dapat diselesaikan sekali (status %)', OLD.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rm_record_guard BEFORE UPDATE ON "rm_record" FOR EACH ROW EXECUTE FUNCTION rm_record_guard();
--> statement-breakpoint
-- A prescription: only its pharmacy status (and updated_at) changes, forward: menunggu -> sebagian | diserahkan |
-- batal; sebagian -> diserahkan | batal.
CREATE FUNCTION rm_prescription_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER rm_prescription_guard BEFORE UPDATE ON "rm_prescription" FOR EACH ROW EXECUTE FUNCTION rm_prescription_guard();
--> statement-breakpoint
-- An entry belongs to its record's branch, visit and patient; a prescription item to a prescription of that record.
CREATE FUNCTION rm_entry_consistent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r rm_record%ROWTYPE;
BEGIN
  SELECT * INTO r FROM rm_record WHERE id = NEW.record_id;
  IF r.profile_id <> NEW.profile_id OR r.visit_id <> NEW.visit_id OR r.customer_id <> NEW.customer_id THEN
    RAISE EXCEPTION 'Entri rekam medis tidak sesuai dengan kunjungannya' USING ERRCODE = '23514';
  END IF;
  IF NEW.prescription_id IS NOT NULL AND NOT EXISTS (
       SELECT 1 FROM rm_prescription p WHERE p.id = NEW.prescription_id AND p.record_id = NEW.record_id) THEN
    RAISE EXCEPTION 'Item resep tidak sesuai dengan resepnya' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rm_entry_consistent BEFORE INSERT ON "rm_entry" FOR EACH ROW EXECUTE FUNCTION rm_entry_consistent();
--> statement-breakpoint
-- A version follows the current one: version 1 creates the head, version n+1 moves it from n (a concurrent
-- correction that read the same n loses here or on the unique (entry_id, version)), nothing follows a void.
CREATE FUNCTION rm_entry_version_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rm_entry e WHERE e.id = NEW.entry_id AND e.profile_id = NEW.profile_id) THEN
    RAISE EXCEPTION 'Versi tidak sesuai dengan entrinya' USING ERRCODE = '23514';
  END IF;
  IF NEW.version = 1 THEN
    INSERT INTO rm_entry_head (entry_id, version_id, version, voided, updated_at)
    VALUES (NEW.entry_id, NEW.id, 1, false, NEW.created_at);
  ELSE
    UPDATE rm_entry_head SET version_id = NEW.id, version = NEW.version, voided = (NEW.action = 'void'),
           updated_at = NEW.created_at
     WHERE entry_id = NEW.entry_id AND version = NEW.version - 1 AND NOT voided;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Entri rekam medis sudah diubah atau dibatalkan oleh orang lain' USING ERRCODE = '40001';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rm_entry_version_head AFTER INSERT ON "rm_entry_version" FOR EACH ROW EXECUTE FUNCTION rm_entry_version_head();
--> statement-breakpoint
-- The pointer is not clinical content, but no one moves it by hand: only from inside the version trigger.
CREATE FUNCTION rm_entry_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'rm_entry_head hanya diubah oleh versi baru' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rm_entry_head_guard BEFORE INSERT OR UPDATE OR DELETE ON "rm_entry_head" FOR EACH ROW EXECUTE FUNCTION rm_entry_head_guard();
--> statement-breakpoint
-- ICD search by code prefix (pattern btree) and by words in Indonesian or English (trigram GIN, pg_trgm from
-- 0012: PostgreSQL's contrib, PGlite's bundled extension).
CREATE INDEX "icd10_code_pattern_idx" ON "icd10" ("code" varchar_pattern_ops);
--> statement-breakpoint
CREATE INDEX "icd10_name_id_trgm_idx" ON "icd10" USING gin (lower("name_id") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "icd10_name_en_trgm_idx" ON "icd10" USING gin (lower("name_en") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "icd9cm_code_pattern_idx" ON "icd9cm" ("code" varchar_pattern_ops);
--> statement-breakpoint
CREATE INDEX "icd9cm_name_id_trgm_idx" ON "icd9cm" USING gin (lower("name_id") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "icd9cm_name_en_trgm_idx" ON "icd9cm" USING gin (lower("name_en") gin_trgm_ops);
--> statement-breakpoint
-- The patient timeline pages a patient's visits newest first.
CREATE INDEX "visit_customer_date_idx" ON "visit" ("customer_id", "visit_date" DESC, "id" DESC);
--> statement-breakpoint
-- Who opened a patient's record: audit rows of entity 'rekam_medis' keyed by the patient, newest first.
CREATE INDEX "audit_log_rm_read_idx" ON "audit_log" ("entity_id", "at" DESC) WHERE "entity" = 'rekam_medis';
