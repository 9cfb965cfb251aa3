CREATE TABLE "kasir_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"visit_id" integer,
	"customer_id" integer,
	"membership_id" integer,
	"warehouse_id" integer,
	"session_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"paid_date" date NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"tendered" bigint DEFAULT 0 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"jurnal_id" integer,
	"jurnal_code" varchar(40),
	"print_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kasir_payment_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" integer,
	"name" varchar(200) NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"covered_by_paket" integer,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"doctor_id" integer,
	"doctor_share" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kasir_payment_tender" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"tendered" bigint DEFAULT 0 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kasir_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"open_date" date NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"expected_total" bigint DEFAULT 0 NOT NULL,
	"counted_total" bigint DEFAULT 0 NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "kasir_session_count" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"expected" bigint DEFAULT 0 NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kasir_setting" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"is_pkp" boolean DEFAULT false NOT NULL,
	"discount_limit_bp" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kasir_void" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"approved_by" integer,
	"applog_id" integer,
	"jurnal_id" integer,
	"jurnal_code" varchar(40),
	"voided_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_membership_id_paket_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."paket_membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_session_id_kasir_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kasir_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_payment_id_kasir_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_covered_by_paket_paket_membership_slot_id_fk" FOREIGN KEY ("covered_by_paket") REFERENCES "public"."paket_membership_slot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_tender" ADD CONSTRAINT "kasir_payment_tender_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_tender" ADD CONSTRAINT "kasir_payment_tender_payment_id_kasir_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment_tender" ADD CONSTRAINT "kasir_payment_tender_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session" ADD CONSTRAINT "kasir_session_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session" ADD CONSTRAINT "kasir_session_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session" ADD CONSTRAINT "kasir_session_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session_count" ADD CONSTRAINT "kasir_session_count_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session_count" ADD CONSTRAINT "kasir_session_count_session_id_kasir_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kasir_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_session_count" ADD CONSTRAINT "kasir_session_count_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_setting" ADD CONSTRAINT "kasir_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD CONSTRAINT "kasir_void_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD CONSTRAINT "kasir_void_payment_id_kasir_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD CONSTRAINT "kasir_void_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD CONSTRAINT "kasir_void_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_payment_code_idx" ON "kasir_payment" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_payment_idem_idx" ON "kasir_payment" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_payment_visit_idx" ON "kasir_payment" USING btree ("visit_id") WHERE "kasir_payment"."visit_id" is not null and "kasir_payment"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "kasir_payment_profile_date_idx" ON "kasir_payment" USING btree ("profile_id","paid_date");--> statement-breakpoint
CREATE INDEX "kasir_payment_session_idx" ON "kasir_payment" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "kasir_payment_membership_idx" ON "kasir_payment" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "kasir_payment_line_payment_idx" ON "kasir_payment_line" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "kasir_payment_tender_payment_idx" ON "kasir_payment_tender" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_session_open_idx" ON "kasir_session" USING btree ("profile_id","cashier_id") WHERE "kasir_session"."status" = 'open';--> statement-breakpoint
CREATE INDEX "kasir_session_profile_date_idx" ON "kasir_session" USING btree ("profile_id","open_date");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_session_count_idx" ON "kasir_session_count" USING btree ("session_id","payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_void_payment_idx" ON "kasir_void" USING btree ("payment_id");