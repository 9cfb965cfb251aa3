-- Issue 26 item 5: an automatic journal (till, stock, packages, payroll: any source but a person's general journal
-- or the demo's sample entries) is corrected only through its source document, never by a reversing journal of its
-- own; the finance service refuses first, this keeps the ledger in step with the documents whatever a bug does.
CREATE FUNCTION jurnal_reversal_of_manual() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src varchar;
BEGIN
  IF NEW.reversal_of IS NOT NULL THEN
    SELECT source_type INTO src FROM jurnal WHERE id = NEW.reversal_of;
    IF src IS NOT NULL AND src NOT IN ('jurnal_umum', 'demo') THEN
      RAISE EXCEPTION 'Jurnal otomatis tidak dapat dibatalkan dari laporan jurnal: batalkan atau koreksi dokumen sumbernya'
        USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_reversal_of_manual BEFORE INSERT ON "jurnal" FOR EACH ROW EXECUTE FUNCTION jurnal_reversal_of_manual();
