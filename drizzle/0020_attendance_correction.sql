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
