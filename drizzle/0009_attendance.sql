CREATE TABLE "checklog" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer,
	"attendance_code" varchar(50),
	"punch_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"source" varchar(10) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklog_source_chk" CHECK ("checklog"."source" in ('device','web'))
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"department_id" integer,
	"position" varchar(80),
	"join_date" date,
	"end_date" date,
	"employment" varchar(20) DEFAULT 'tetap' NOT NULL,
	"ptkp" varchar(5) DEFAULT 'TK/0' NOT NULL,
	"npwp" varchar(22),
	"nik" varchar(16),
	"bpjs_kesehatan" varchar(20),
	"bpjs_ketenagakerjaan" varchar(20),
	"bank_name" varchar(60),
	"bank_account" varchar(40),
	"bank_holder" varchar(150),
	"base_salary" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_employment_chk" CHECK ("employee"."employment" in ('tetap','tidak_tetap','bukan_pegawai')),
	CONSTRAINT "employee_ptkp_chk" CHECK ("employee"."ptkp" in ('TK/0','TK/1','TK/2','TK/3','K/0','K/1','K/2','K/3')),
	CONSTRAINT "employee_salary_chk" CHECK ("employee"."base_salary" >= 0)
);
--> statement-breakpoint
CREATE TABLE "office" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius" integer DEFAULT 100 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"berlaku_mulai" date NOT NULL,
	"value" bigint NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster" (
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"profile_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"crosses_midnight" boolean DEFAULT false NOT NULL,
	"late_tolerance" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_minutes_chk" CHECK ("shift"."break_minutes" >= 0 and "shift"."late_tolerance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checklog" ADD CONSTRAINT "checklog_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklog" ADD CONSTRAINT "checklog_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklog" ADD CONSTRAINT "checklog_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office" ADD CONSTRAINT "office_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster" ADD CONSTRAINT "roster_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster" ADD CONSTRAINT "roster_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster" ADD CONSTRAINT "roster_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster" ADD CONSTRAINT "roster_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklog_device_punch_idx" ON "checklog" USING btree ("profile_id","attendance_code","punch_at") WHERE "checklog"."source" = 'device';--> statement-breakpoint
CREATE INDEX "checklog_profile_time_idx" ON "checklog" USING btree ("profile_id","punch_at");--> statement-breakpoint
CREATE INDEX "checklog_user_time_idx" ON "checklog" USING btree ("user_id","punch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "department_profile_name_idx" ON "department" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE INDEX "employee_profile_idx" ON "employee" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_setting_key_day_idx" ON "payroll_setting" USING btree ("key","berlaku_mulai");--> statement-breakpoint
CREATE INDEX "roster_profile_date_idx" ON "roster" USING btree ("profile_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_profile_name_idx" ON "shift" USING btree ("profile_id",lower("name"));
--> statement-breakpoint
-- Default dated payroll settings (same rows as DEFAULT_PAYROLL_SETTINGS in packages/shared/src/payroll/bpjs.ts).
INSERT INTO "payroll_setting" ("key", "berlaku_mulai", "value", "note") VALUES
  ('jkn_employer_bp', '2020-01-01', 400, 'Perpres 75/2019'),
  ('jkn_employee_bp', '2020-01-01', 100, 'Perpres 75/2019'),
  ('jkn_cap', '2020-01-01', 1200000000, 'Perpres 75/2019'),
  ('jht_employer_bp', '2015-07-01', 370, 'PP 46/2015'),
  ('jht_employee_bp', '2015-07-01', 200, 'PP 46/2015'),
  ('jp_employer_bp', '2015-07-01', 200, 'PP 45/2015'),
  ('jp_employee_bp', '2015-07-01', 100, 'PP 45/2015'),
  ('jp_cap', '2024-03-01', 1004230000, 'BPJS Ketenagakerjaan, Maret 2024'),
  ('jp_cap', '2025-03-01', 1054740000, 'BPJS Ketenagakerjaan, Maret 2025'),
  ('jp_cap', '2026-03-01', 1108630000, 'BPJS Ketenagakerjaan, Maret 2026 (belum dikonfirmasi)'),
  ('jkk_bp', '2015-07-01', 24, 'PP 44/2015, kelompok risiko sangat rendah (klinik)'),
  ('jkm_bp', '2015-07-01', 30, 'PP 44/2015');
--> statement-breakpoint
-- Punches are history: never changed or deleted.
CREATE FUNCTION checklog_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Data checklog tidak dapat diubah atau dihapus' USING ERRCODE = '23514';
END $$;
--> statement-breakpoint
CREATE TRIGGER checklog_no_change BEFORE UPDATE OR DELETE ON "checklog" FOR EACH ROW EXECUTE FUNCTION checklog_immutable();
