ALTER TABLE "payroll_run" ADD COLUMN "corrects_run_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_corrects_run_id_payroll_run_id_fk" FOREIGN KEY ("corrects_run_id") REFERENCES "public"."payroll_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_run_one_open_correction_idx" ON "payroll_run" USING btree ("corrects_run_id") WHERE "payroll_run"."status" = 0 and "payroll_run"."corrects_run_id" is not null;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_status_chk" CHECK ("payroll_run"."status" in (0, 1, 2));--> statement-breakpoint
-- Correction runs (issue 15): an approved run (1) may only become superseded (2) when its correction is approved,
-- nothing else of it changes; a superseded run is locked for good, and so are the lines of both.
CREATE OR REPLACE FUNCTION payroll_run_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 1 AND NEW.status = 2
     AND (to_jsonb(NEW) - 'status') = (to_jsonb(OLD) - 'status') THEN
    RETURN NEW;
  END IF;
  IF OLD.status IN (1, 2) THEN
    RAISE EXCEPTION 'Penggajian yang sudah disetujui tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payroll_run_line_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint;
BEGIN
  SELECT status INTO s FROM payroll_run WHERE id = COALESCE(NEW.run_id, OLD.run_id);
  IF s IN (1, 2) THEN
    RAISE EXCEPTION 'Penggajian yang sudah disetujui tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
