CREATE TABLE "payroll_component" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"bpjs_base" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_component_kind_chk" CHECK ("payroll_component"."kind" in ('earning','deduction')),
	CONSTRAINT "payroll_component_method_chk" CHECK ("payroll_component"."method" in ('fixed','per_day','per_late_minute','percent_base')),
	CONSTRAINT "payroll_component_amount_chk" CHECK ("payroll_component"."amount" >= 0 and "payroll_component"."rate_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"cutoff_day" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_group_cutoff_chk" CHECK ("payroll_group"."cutoff_day" between 0 and 28)
);
--> statement-breakpoint
CREATE TABLE "payroll_group_component" (
	"group_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	CONSTRAINT "payroll_group_component_group_id_component_id_pk" PRIMARY KEY("group_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_group_member" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"jurnal_id" integer,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_run_period_chk" CHECK ("payroll_run"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payroll_run_line" (
	"run_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"employment" varchar(20) NOT NULL,
	"ptkp" varchar(5) NOT NULL,
	"base_salary" bigint NOT NULL,
	"earnings" bigint NOT NULL,
	"deductions" bigint NOT NULL,
	"bruto" bigint NOT NULL,
	"jkn_employer" bigint NOT NULL,
	"jkn_employee" bigint NOT NULL,
	"jht_employer" bigint NOT NULL,
	"jht_employee" bigint NOT NULL,
	"jp_employer" bigint NOT NULL,
	"jp_employee" bigint NOT NULL,
	"jkk" bigint NOT NULL,
	"jkm" bigint NOT NULL,
	"pph21" bigint NOT NULL,
	"pph21_method" varchar(20) NOT NULL,
	"pph21_rate_bp" integer NOT NULL,
	"net" bigint NOT NULL,
	"detail" text NOT NULL,
	CONSTRAINT "payroll_run_line_run_id_user_id_pk" PRIMARY KEY("run_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_component" ADD CONSTRAINT "payroll_component_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_group" ADD CONSTRAINT "payroll_group_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_group_component" ADD CONSTRAINT "payroll_group_component_group_id_payroll_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payroll_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_group_component" ADD CONSTRAINT "payroll_group_component_component_id_payroll_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."payroll_component"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_group_member" ADD CONSTRAINT "payroll_group_member_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_group_member" ADD CONSTRAINT "payroll_group_member_group_id_payroll_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payroll_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_group_id_payroll_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payroll_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run" ADD CONSTRAINT "payroll_run_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_line" ADD CONSTRAINT "payroll_run_line_run_id_payroll_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_line" ADD CONSTRAINT "payroll_run_line_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_component_name_idx" ON "payroll_component" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_group_name_idx" ON "payroll_group" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_run_one_approved_idx" ON "payroll_run" USING btree ("profile_id","group_id","period") WHERE "payroll_run"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_run_one_draft_idx" ON "payroll_run" USING btree ("profile_id","group_id","period") WHERE "payroll_run"."status" = 0;--> statement-breakpoint
CREATE INDEX "payroll_run_line_user_idx" ON "payroll_run_line" USING btree ("user_id");--> statement-breakpoint
-- An approved run and its lines are locked: a correction is a new run.
CREATE FUNCTION payroll_run_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 1 THEN
    RAISE EXCEPTION 'Penggajian yang sudah disetujui tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_run_lock BEFORE UPDATE OR DELETE ON "payroll_run" FOR EACH ROW EXECUTE FUNCTION payroll_run_locked();
--> statement-breakpoint
CREATE FUNCTION payroll_run_line_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint;
BEGIN
  SELECT status INTO s FROM payroll_run WHERE id = COALESCE(NEW.run_id, OLD.run_id);
  IF s = 1 THEN
    RAISE EXCEPTION 'Penggajian yang sudah disetujui tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_run_line_lock BEFORE INSERT OR UPDATE OR DELETE ON "payroll_run_line" FOR EACH ROW EXECUTE FUNCTION payroll_run_line_locked();
