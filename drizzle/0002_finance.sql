CREATE TABLE "akun" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(150) NOT NULL,
	"category" smallint NOT NULL,
	"isheader" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"normal" varchar(1) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"profile_id" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_periode" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_periode_saldo" (
	"periode_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"akun_id" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_periode_saldo_periode_id_kind_akun_id_pk" PRIMARY KEY("periode_id","kind","akun_id")
);
--> statement-breakpoint
CREATE TABLE "jurnal" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"periode_id" integer NOT NULL,
	"code" varchar(60) NOT NULL,
	"transaction_at" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"kind" varchar(10) DEFAULT 'umum' NOT NULL,
	"source_type" varchar(40),
	"source_id" varchar(60),
	"reversal_of" integer,
	"total" bigint NOT NULL,
	"line_count" smallint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jurnal_detail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"jurnal_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"akun_id" integer NOT NULL,
	"description" text,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"profile_id" integer NOT NULL,
	"transaction_at" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pajak" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate_bp" integer NOT NULL,
	"akun_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(20) DEFAULT 'tunai' NOT NULL,
	"akun_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "akun" ADD CONSTRAINT "akun_parent_id_akun_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "akun" ADD CONSTRAINT "akun_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_periode" ADD CONSTRAINT "finance_periode_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_periode" ADD CONSTRAINT "finance_periode_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_periode" ADD CONSTRAINT "finance_periode_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_periode_saldo" ADD CONSTRAINT "finance_periode_saldo_periode_id_finance_periode_id_fk" FOREIGN KEY ("periode_id") REFERENCES "public"."finance_periode"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_periode_saldo" ADD CONSTRAINT "finance_periode_saldo_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_periode_id_finance_periode_id_fk" FOREIGN KEY ("periode_id") REFERENCES "public"."finance_periode"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_reversal_of_jurnal_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal" ADD CONSTRAINT "jurnal_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal_detail" ADD CONSTRAINT "jurnal_detail_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurnal_detail" ADD CONSTRAINT "jurnal_detail_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pajak" ADD CONSTRAINT "pajak_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "akun_code_idx" ON "akun" USING btree ("code");--> statement-breakpoint
CREATE INDEX "akun_parent_idx" ON "akun" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_periode_one_active_idx" ON "finance_periode" USING btree ("profile_id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "finance_periode_profile_idx" ON "finance_periode" USING btree ("profile_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "jurnal_profile_code_idx" ON "jurnal" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "jurnal_reversal_of_idx" ON "jurnal" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "jurnal_profile_date_idx" ON "jurnal" USING btree ("profile_id","transaction_at");--> statement-breakpoint
CREATE INDEX "jurnal_source_idx" ON "jurnal" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "jurnal_periode_idx" ON "jurnal" USING btree ("periode_id");--> statement-breakpoint
CREATE INDEX "jurnal_detail_jurnal_idx" ON "jurnal_detail" USING btree ("jurnal_id");--> statement-breakpoint
CREATE INDEX "jurnal_detail_akun_idx" ON "jurnal_detail" USING btree ("profile_id","akun_id","transaction_at");--> statement-breakpoint
CREATE INDEX "jurnal_detail_profile_date_idx" ON "jurnal_detail" USING btree ("profile_id","transaction_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pajak_code_idx" ON "pajak" USING btree ("code");