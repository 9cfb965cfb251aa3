CREATE TABLE "satusehat_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"local_key" varchar(60) NOT NULL,
	"code" varchar(80) NOT NULL,
	"display" varchar(200),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_map_kind_chk" CHECK ("satusehat_map"."kind" in ('location', 'practitioner', 'patient', 'item', 'treatment'))
);
--> statement-breakpoint
CREATE TABLE "satusehat_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"outbox_id" integer NOT NULL,
	"key" varchar(120) NOT NULL,
	"resource_type" varchar(40) NOT NULL,
	"seq" smallint NOT NULL,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"satusehat_id" varchar(80),
	"rule" varchar(20),
	"reason" text,
	"sent_revision" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_resource_status_chk" CHECK ("satusehat_resource"."status" in ('waiting', 'sent', 'failed', 'invalid', 'not_applicable'))
);
--> statement-breakpoint
CREATE TABLE "satusehat_setting" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"organization_id" varchar(64) NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"client_secret_enc" text NOT NULL,
	"environment" varchar(20) DEFAULT 'development' NOT NULL,
	"province_code" varchar(2),
	"city_code" varchar(4),
	"district_code" varchar(6),
	"village_code" varchar(10),
	"postal_code" varchar(10),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_setting_env_chk" CHECK ("satusehat_setting"."environment" in ('development', 'staging', 'production')),
	CONSTRAINT "satusehat_setting_coord_chk" CHECK (("satusehat_setting"."latitude" is null or "satusehat_setting"."latitude" between -90 and 90) and ("satusehat_setting"."longitude" is null or "satusehat_setting"."longitude" between -180 and 180))
);
--> statement-breakpoint
CREATE TABLE "satusehat_token" (
	"client_id" varchar(200) PRIMARY KEY NOT NULL,
	"token_enc" text,
	"expires_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"fail_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satusehat_visit" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"sent_revision" integer,
	"job_id" varchar(40),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_visit_status_chk" CHECK ("satusehat_visit"."status" in ('waiting', 'sent', 'failed', 'not_configured'))
);
--> statement-breakpoint
ALTER TABLE "satusehat_map" ADD CONSTRAINT "satusehat_map_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_map" ADD CONSTRAINT "satusehat_map_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_resource" ADD CONSTRAINT "satusehat_resource_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_resource" ADD CONSTRAINT "satusehat_resource_outbox_id_satusehat_visit_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."satusehat_visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_setting" ADD CONSTRAINT "satusehat_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_setting" ADD CONSTRAINT "satusehat_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_visit" ADD CONSTRAINT "satusehat_visit_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_visit" ADD CONSTRAINT "satusehat_visit_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_visit" ADD CONSTRAINT "satusehat_visit_record_id_rm_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."rm_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "satusehat_map_key_idx" ON "satusehat_map" USING btree ("profile_id","kind","local_key");--> statement-breakpoint
CREATE UNIQUE INDEX "satusehat_resource_key_idx" ON "satusehat_resource" USING btree ("outbox_id","key");--> statement-breakpoint
CREATE INDEX "satusehat_resource_status_idx" ON "satusehat_resource" USING btree ("profile_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "satusehat_visit_visit_idx" ON "satusehat_visit" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "satusehat_visit_status_idx" ON "satusehat_visit" USING btree ("profile_id","status","updated_at");