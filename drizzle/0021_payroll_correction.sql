-- Payroll correction runs and daily attendance corrections (issue 15). Written as two migrations on their branch
-- (0019, 0020) and joined here when they landed after the reminder gateway's 0019 and 0020.
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
--> statement-breakpoint
CREATE TABLE "attendance_correction" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"status" varchar(20),
	"reason" text NOT NULL,
	"requested_by" integer,
	"applog_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_correction" ADD CONSTRAINT "attendance_correction_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_correction" ADD CONSTRAINT "attendance_correction_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_correction" ADD CONSTRAINT "attendance_correction_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_correction_day_idx" ON "attendance_correction" USING btree ("profile_id","date","user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_correction_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Koreksi absensi tidak dapat diubah atau dihapus; ajukan koreksi baru' USING ERRCODE = '23514';
END $$;--> statement-breakpoint
CREATE TRIGGER attendance_correction_locked BEFORE UPDATE OR DELETE ON attendance_correction FOR EACH ROW EXECUTE FUNCTION attendance_correction_locked();
