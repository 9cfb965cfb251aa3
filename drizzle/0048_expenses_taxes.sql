CREATE TABLE "expense" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"category_id" integer NOT NULL,
	"akun_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method_id" integer,
	"party_type" varchar(20),
	"party_id" integer,
	"party_name" varchar(150),
	"memo" text NOT NULL,
	"proof_id" integer,
	"status" varchar(10) NOT NULL,
	"jurnal_id" integer,
	"reversal_jurnal_id" integer,
	"applog_id" integer,
	"reverse_applog_id" integer,
	"reverse_reason" text,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"approved_by" integer,
	"reversed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expense_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"akun_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_proof" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"path" varchar(200) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_setting" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"proof_limit" bigint NOT NULL,
	"approval_limit" bigint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pph_badan_masa" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"masa" varchar(7) NOT NULL,
	"regime" varchar(10) NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer,
	"amount" bigint NOT NULL,
	"jurnal_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pph_badan_setting" (
	"profile_id" integer NOT NULL,
	"year" integer NOT NULL,
	"regime" varchar(10) NOT NULL,
	"rate_bp" integer DEFAULT 50 NOT NULL,
	"instalment" bigint,
	"note" varchar(255),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pph_badan_setting_profile_id_year_pk" PRIMARY KEY("profile_id","year")
);
--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_category_id_expense_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_proof_id_expense_proof_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."expense_proof"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_reversal_jurnal_id_jurnal_id_fk" FOREIGN KEY ("reversal_jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_applog_id_applog_id_fk" FOREIGN KEY ("applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_reverse_applog_id_applog_id_fk" FOREIGN KEY ("reverse_applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_category" ADD CONSTRAINT "expense_category_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_proof" ADD CONSTRAINT "expense_proof_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_proof" ADD CONSTRAINT "expense_proof_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_setting" ADD CONSTRAINT "expense_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_setting" ADD CONSTRAINT "expense_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pph_badan_masa" ADD CONSTRAINT "pph_badan_masa_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pph_badan_masa" ADD CONSTRAINT "pph_badan_masa_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pph_badan_masa" ADD CONSTRAINT "pph_badan_masa_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pph_badan_setting" ADD CONSTRAINT "pph_badan_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pph_badan_setting" ADD CONSTRAINT "pph_badan_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_code_idx" ON "expense" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_idem_idx" ON "expense" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_proof_idx" ON "expense" USING btree ("proof_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_jurnal_idx" ON "expense" USING btree ("jurnal_id");--> statement-breakpoint
CREATE INDEX "expense_profile_date_idx" ON "expense" USING btree ("profile_id","date");--> statement-breakpoint
CREATE INDEX "expense_pending_idx" ON "expense" USING btree ("profile_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "expense_category_code_idx" ON "expense_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "expense_proof_profile_idx" ON "expense_proof" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pph_badan_masa_idx" ON "pph_badan_masa" USING btree ("profile_id","masa");