CREATE TABLE "hutang_allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "hutang_allocation_amount_ck" CHECK ("hutang_allocation"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "hutang_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"party_type" varchar(20) NOT NULL,
	"party_id" integer,
	"party_name" varchar(200) NOT NULL,
	"tax" varchar(20),
	"masa" varchar(7),
	"recipient_id" integer,
	"recipient_name" varchar(200),
	"recipient_tax_id" varchar(30),
	"source_type" varchar(40) NOT NULL,
	"source_id" varchar(60) NOT NULL,
	"jurnal_id" integer NOT NULL,
	"jurnal_detail_id" bigint NOT NULL,
	"akun_id" integer NOT NULL,
	"doc_date" date NOT NULL,
	"due_date" date,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"cancel_jurnal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hutang_item_amount_ck" CHECK ("hutang_item"."amount" <> 0),
	CONSTRAINT "hutang_item_paid_ck" CHECK (("hutang_item"."amount" > 0 and "hutang_item"."paid" between 0 and "hutang_item"."amount") or ("hutang_item"."amount" < 0 and "hutang_item"."paid" between "hutang_item"."amount" and 0)),
	CONSTRAINT "hutang_item_status_ck" CHECK (("hutang_item"."status" = 'open' and "hutang_item"."paid" <> "hutang_item"."amount") or ("hutang_item"."status" = 'paid' and "hutang_item"."paid" = "hutang_item"."amount") or ("hutang_item"."status" = 'cancelled' and "hutang_item"."paid" = 0)),
	CONSTRAINT "hutang_item_party_ck" CHECK ("hutang_item"."party_type" in ('vendor','laboratorium','rumahsakit','doctor','investor','pegawai','pajak')),
	CONSTRAINT "hutang_item_tax_ck" CHECK (("hutang_item"."party_type" = 'pajak') = ("hutang_item"."tax" is not null) and ("hutang_item"."tax" is null or "hutang_item"."tax" in ('pph_pegawai','pph_doctor','pph_investor','pph_badan','pph23','bpjs','ppn')))
);
--> statement-breakpoint
CREATE TABLE "hutang_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"kind" varchar(12) DEFAULT 'payment' NOT NULL,
	"party_type" varchar(20) NOT NULL,
	"party_id" integer,
	"party_name" varchar(200) NOT NULL,
	"payment_method_id" integer NOT NULL,
	"date" date NOT NULL,
	"total" bigint NOT NULL,
	"withheld" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"jurnal_id" integer,
	"status" varchar(10) DEFAULT 'posted' NOT NULL,
	"void_jurnal_id" integer,
	"void_applog_id" integer,
	"void_reason" text,
	"idempotency_key" varchar(120) NOT NULL,
	"created_by" integer,
	"tax" varchar(20),
	"masa" varchar(7),
	"billing_code" varchar(30),
	"ntpn" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hutang_payment_kind_ck" CHECK ("hutang_payment"."kind" in ('payment','tax_deposit')),
	CONSTRAINT "hutang_payment_status_ck" CHECK ("hutang_payment"."status" in ('posted','voided')),
	CONSTRAINT "hutang_payment_total_ck" CHECK ("hutang_payment"."total" > 0 and "hutang_payment"."withheld" between 0 and "hutang_payment"."total")
);
--> statement-breakpoint
ALTER TABLE "akun" ADD COLUMN "payable_party" varchar(20);--> statement-breakpoint
ALTER TABLE "akun" ADD COLUMN "payable_tax" varchar(20);--> statement-breakpoint
ALTER TABLE "hutang_allocation" ADD CONSTRAINT "hutang_allocation_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_allocation" ADD CONSTRAINT "hutang_allocation_payment_id_hutang_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."hutang_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_allocation" ADD CONSTRAINT "hutang_allocation_item_id_hutang_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."hutang_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_item" ADD CONSTRAINT "hutang_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_item" ADD CONSTRAINT "hutang_item_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_item" ADD CONSTRAINT "hutang_item_jurnal_detail_id_jurnal_detail_id_fk" FOREIGN KEY ("jurnal_detail_id") REFERENCES "public"."jurnal_detail"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_item" ADD CONSTRAINT "hutang_item_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_item" ADD CONSTRAINT "hutang_item_cancel_jurnal_id_jurnal_id_fk" FOREIGN KEY ("cancel_jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_void_jurnal_id_jurnal_id_fk" FOREIGN KEY ("void_jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_void_applog_id_applog_id_fk" FOREIGN KEY ("void_applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hutang_allocation_item_idx" ON "hutang_allocation" USING btree ("payment_id","item_id");--> statement-breakpoint
CREATE INDEX "hutang_allocation_item_only_idx" ON "hutang_allocation" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hutang_item_detail_idx" ON "hutang_item" USING btree ("jurnal_detail_id");--> statement-breakpoint
CREATE INDEX "hutang_item_party_idx" ON "hutang_item" USING btree ("profile_id","party_type","party_id","status");--> statement-breakpoint
CREATE INDEX "hutang_item_jurnal_idx" ON "hutang_item" USING btree ("jurnal_id");--> statement-breakpoint
CREATE INDEX "hutang_item_tax_idx" ON "hutang_item" USING btree ("profile_id","tax","masa");--> statement-breakpoint
CREATE UNIQUE INDEX "hutang_payment_code_idx" ON "hutang_payment" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "hutang_payment_idem_idx" ON "hutang_payment" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "hutang_payment_party_idx" ON "hutang_payment" USING btree ("profile_id","party_type","party_id");