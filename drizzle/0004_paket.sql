CREATE TABLE "form_lab" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"unit" varchar(30) NOT NULL,
	"category" varchar(80),
	"selling_price" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"paket_id" integer NOT NULL,
	"version" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"paket_type_id" integer NOT NULL,
	"active_at" date NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"installment_schema" smallint DEFAULT 0 NOT NULL,
	"dp_amount" bigint DEFAULT 0 NOT NULL,
	"cicilan_amount" bigint DEFAULT 0 NOT NULL,
	"cicilan_attempt" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_history_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"paket_history_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"perawatan_id" integer,
	"item_id" integer,
	"form_lab_id" integer,
	"free_slot" integer NOT NULL,
	"expired_duration" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_membership" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"paket_history_id" integer NOT NULL,
	"registered_at" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"installment_schema" smallint DEFAULT 0 NOT NULL,
	"dp_amount" bigint DEFAULT 0 NOT NULL,
	"cicilan_amount" bigint DEFAULT 0 NOT NULL,
	"cicilan_attempt" integer DEFAULT 0 NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"jurnal_id" integer,
	"jurnal_code" varchar(40),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_membership_cicilan" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" date,
	"status" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_membership_slot" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"paket_history_item_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"free_slot" integer NOT NULL,
	"used_slot" integer DEFAULT 0 NOT NULL,
	"expired_at" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"start_at" date NOT NULL,
	"end_at" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perawatan" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"doctor_share" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_lab" ADD CONSTRAINT "form_lab_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket" ADD CONSTRAINT "paket_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_paket_id_paket_id_fk" FOREIGN KEY ("paket_id") REFERENCES "public"."paket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_paket_type_id_paket_type_id_fk" FOREIGN KEY ("paket_type_id") REFERENCES "public"."paket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_paket_history_id_paket_history_id_fk" FOREIGN KEY ("paket_history_id") REFERENCES "public"."paket_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_form_lab_id_form_lab_id_fk" FOREIGN KEY ("form_lab_id") REFERENCES "public"."form_lab"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership" ADD CONSTRAINT "paket_membership_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership" ADD CONSTRAINT "paket_membership_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership" ADD CONSTRAINT "paket_membership_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership" ADD CONSTRAINT "paket_membership_paket_history_id_paket_history_id_fk" FOREIGN KEY ("paket_history_id") REFERENCES "public"."paket_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership" ADD CONSTRAINT "paket_membership_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership_cicilan" ADD CONSTRAINT "paket_membership_cicilan_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership_cicilan" ADD CONSTRAINT "paket_membership_cicilan_membership_id_paket_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."paket_membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership_slot" ADD CONSTRAINT "paket_membership_slot_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership_slot" ADD CONSTRAINT "paket_membership_slot_membership_id_paket_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."paket_membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_membership_slot" ADD CONSTRAINT "paket_membership_slot_paket_history_item_id_paket_history_item_id_fk" FOREIGN KEY ("paket_history_item_id") REFERENCES "public"."paket_history_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_type" ADD CONSTRAINT "paket_type_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perawatan" ADD CONSTRAINT "perawatan_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_lab_profile_code_idx" ON "form_lab" USING btree ("profile_id","code");--> statement-breakpoint
CREATE INDEX "form_lab_profile_name_idx" ON "form_lab" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_profile_code_idx" ON "item" USING btree ("profile_id","code");--> statement-breakpoint
CREATE INDEX "item_profile_name_idx" ON "item" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "paket_profile_code_idx" ON "paket" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_history_version_idx" ON "paket_history" USING btree ("paket_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_history_current_idx" ON "paket_history" USING btree ("paket_id") WHERE "paket_history"."is_current";--> statement-breakpoint
CREATE INDEX "paket_history_profile_idx" ON "paket_history" USING btree ("profile_id","is_current","status");--> statement-breakpoint
CREATE INDEX "paket_history_item_history_idx" ON "paket_history_item" USING btree ("paket_history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_membership_code_idx" ON "paket_membership" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_membership_idem_idx" ON "paket_membership" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "paket_membership_profile_date_idx" ON "paket_membership" USING btree ("profile_id","registered_at");--> statement-breakpoint
CREATE INDEX "paket_membership_customer_idx" ON "paket_membership" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_membership_cicilan_seq_idx" ON "paket_membership_cicilan" USING btree ("membership_id","seq");--> statement-breakpoint
CREATE INDEX "paket_membership_cicilan_profile_due_idx" ON "paket_membership_cicilan" USING btree ("profile_id","status","due_date");--> statement-breakpoint
CREATE INDEX "paket_membership_slot_membership_idx" ON "paket_membership_slot" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "paket_type_profile_idx" ON "paket_type" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "perawatan_profile_code_idx" ON "perawatan" USING btree ("profile_id","code");--> statement-breakpoint
CREATE INDEX "perawatan_profile_name_idx" ON "perawatan" USING btree ("profile_id",lower("name"));