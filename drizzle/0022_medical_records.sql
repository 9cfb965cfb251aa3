CREATE TABLE "icd10" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name_id" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "icd9cm" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name_id" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_diagnosis" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"seq" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"prescription_id" integer,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rm_entry_id_kind_key" UNIQUE("id","kind"),
	CONSTRAINT "rm_entry_kind_chk" CHECK ("rm_entry"."kind" in ('soap', 'treatment', 'produk', 'bhp', 'resep', 'alergi')),
	CONSTRAINT "rm_entry_prescription_chk" CHECK (("rm_entry"."kind" = 'resep') = ("rm_entry"."prescription_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "rm_entry_head" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_entry_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"version" smallint NOT NULL,
	"action" varchar(10) NOT NULL,
	"reason" text,
	"subjective" text,
	"objective" text,
	"assessment" text,
	"plan" text,
	"sistole" smallint,
	"diastole" smallint,
	"nadi" smallint,
	"respirasi" smallint,
	"suhu" numeric(4, 1),
	"spo2" smallint,
	"berat" numeric(5, 1),
	"tinggi" numeric(5, 1),
	"bmi" numeric(5, 1) GENERATED ALWAYS AS (case when berat is not null and tinggi is not null and tinggi > 0 then round(berat / ((tinggi / 100.0) * (tinggi / 100.0)), 1) end) STORED,
	"perawatan_id" integer,
	"doctor_id" integer,
	"assistant_id" integer,
	"icd9cm" varchar(10),
	"item_id" integer,
	"signa" varchar(200),
	"qty" integer,
	"price" bigint,
	"doctor_share" bigint,
	"allergen" varchar(200),
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rm_entry_version_action_chk" CHECK ("rm_entry_version"."action" in ('create', 'correct', 'void')),
	CONSTRAINT "rm_entry_version_reason_chk" CHECK (("rm_entry_version"."action" = 'create' and "rm_entry_version"."version" = 1) or ("rm_entry_version"."action" <> 'create' and "rm_entry_version"."version" > 1 and length(trim(coalesce("rm_entry_version"."reason", ''))) > 0)),
	CONSTRAINT "rm_entry_version_vitals_chk" CHECK (("rm_entry_version"."sistole" is null or "rm_entry_version"."sistole" between 40 and 300) and ("rm_entry_version"."diastole" is null or "rm_entry_version"."diastole" between 20 and 200)
        and ("rm_entry_version"."nadi" is null or "rm_entry_version"."nadi" between 20 and 250) and ("rm_entry_version"."respirasi" is null or "rm_entry_version"."respirasi" between 4 and 80)
        and ("rm_entry_version"."suhu" is null or "rm_entry_version"."suhu" between 30 and 45) and ("rm_entry_version"."spo2" is null or "rm_entry_version"."spo2" between 50 and 100)
        and ("rm_entry_version"."berat" is null or "rm_entry_version"."berat" between 0.5 and 400) and ("rm_entry_version"."tinggi" is null or "rm_entry_version"."tinggi" between 20 and 260)),
	CONSTRAINT "rm_entry_version_kind_chk" CHECK (case "rm_entry_version"."kind"
        when 'treatment' then "rm_entry_version"."perawatan_id" is not null and "rm_entry_version"."doctor_id" is not null and "rm_entry_version"."qty" >= 1 and "rm_entry_version"."price" >= 0 and "rm_entry_version"."doctor_share" >= 0
        when 'produk' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1 and "rm_entry_version"."price" >= 0
        when 'bhp' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1
        when 'resep' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1 and length(trim(coalesce("rm_entry_version"."signa", ''))) > 0
        when 'alergi' then length(trim(coalesce("rm_entry_version"."allergen", ''))) > 0
        else true end)
);
--> statement-breakpoint
CREATE TABLE "rm_prescription" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"note" text,
	"pharmacy_status" varchar(20) DEFAULT 'menunggu' NOT NULL,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rm_prescription_status_chk" CHECK ("rm_prescription"."pharmacy_status" in ('menunggu', 'sebagian', 'diserahkan', 'batal'))
);
--> statement-breakpoint
CREATE TABLE "rm_procedure" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"seq" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rm_record_status_chk" CHECK ("rm_record"."status" in ('draft', 'finished')),
	CONSTRAINT "rm_record_finished_chk" CHECK (("rm_record"."status" = 'finished') = ("rm_record"."finished_at" is not null and "rm_record"."finished_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "rm_diagnosis" ADD CONSTRAINT "rm_diagnosis_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_diagnosis" ADD CONSTRAINT "rm_diagnosis_version_id_rm_entry_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."rm_entry_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_diagnosis" ADD CONSTRAINT "rm_diagnosis_code_icd10_code_fk" FOREIGN KEY ("code") REFERENCES "public"."icd10"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_record_id_rm_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."rm_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_prescription_id_rm_prescription_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."rm_prescription"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_head" ADD CONSTRAINT "rm_entry_head_entry_id_rm_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."rm_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_head" ADD CONSTRAINT "rm_entry_head_version_id_rm_entry_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."rm_entry_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_assistant_id_users_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_icd9cm_icd9cm_code_fk" FOREIGN KEY ("icd9cm") REFERENCES "public"."icd9cm"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_entry_id_kind_rm_entry_id_kind_fk" FOREIGN KEY ("entry_id","kind") REFERENCES "public"."rm_entry"("id","kind") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_record_id_rm_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."rm_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_prescription" ADD CONSTRAINT "rm_prescription_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_procedure" ADD CONSTRAINT "rm_procedure_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_procedure" ADD CONSTRAINT "rm_procedure_version_id_rm_entry_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."rm_entry_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_procedure" ADD CONSTRAINT "rm_procedure_code_icd9cm_code_fk" FOREIGN KEY ("code") REFERENCES "public"."icd9cm"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_record" ADD CONSTRAINT "rm_record_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rm_diagnosis_version_code_idx" ON "rm_diagnosis" USING btree ("version_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_diagnosis_primary_idx" ON "rm_diagnosis" USING btree ("version_id") WHERE "rm_diagnosis"."is_primary";--> statement-breakpoint
CREATE INDEX "rm_diagnosis_code_idx" ON "rm_diagnosis" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_entry_idempotency_idx" ON "rm_entry" USING btree ("profile_id","idempotency_key") WHERE "rm_entry"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "rm_entry_visit_idx" ON "rm_entry" USING btree ("visit_id","kind");--> statement-breakpoint
CREATE INDEX "rm_entry_customer_kind_idx" ON "rm_entry" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE INDEX "rm_entry_profile_kind_idx" ON "rm_entry" USING btree ("profile_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "rm_entry_prescription_idx" ON "rm_entry" USING btree ("prescription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_entry_head_version_idx" ON "rm_entry_head" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_entry_version_entry_version_idx" ON "rm_entry_version" USING btree ("entry_id","version");--> statement-breakpoint
CREATE INDEX "rm_entry_version_profile_created_idx" ON "rm_entry_version" USING btree ("profile_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_prescription_profile_code_idx" ON "rm_prescription" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_prescription_idempotency_idx" ON "rm_prescription" USING btree ("profile_id","idempotency_key") WHERE "rm_prescription"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "rm_prescription_visit_idx" ON "rm_prescription" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "rm_prescription_pharmacy_idx" ON "rm_prescription" USING btree ("profile_id","pharmacy_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_procedure_version_code_idx" ON "rm_procedure" USING btree ("version_id","code");--> statement-breakpoint
CREATE INDEX "rm_procedure_code_idx" ON "rm_procedure" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_record_visit_idx" ON "rm_record" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "rm_record_customer_date_idx" ON "rm_record" USING btree ("customer_id","visit_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rm_record_profile_date_idx" ON "rm_record" USING btree ("profile_id","visit_date");