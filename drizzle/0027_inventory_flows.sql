CREATE TABLE "dispensing" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"prescription_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"dispensed_at" date NOT NULL,
	"note" text,
	"jurnal_code" varchar(40),
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispensing_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"dispensing_id" integer NOT NULL,
	"prescription_id" integer NOT NULL,
	"resep_entry_id" integer NOT NULL,
	"prescribed_item_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text,
	"batch_id" integer,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"cost" bigint NOT NULL,
	CONSTRAINT "dispensing_item_quantity_check" CHECK ("dispensing_item"."quantity" > 0 and "dispensing_item"."price" >= 0 and "dispensing_item"."cost" >= 0),
	CONSTRAINT "dispensing_item_substitution_check" CHECK ("dispensing_item"."item_id" = "dispensing_item"."prescribed_item_id" or length(trim(coalesce("dispensing_item"."reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_setting" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"adjustment_approval_threshold" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_setting_threshold_check" CHECK ("inventory_setting"."adjustment_approval_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_count" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"warehouse_id" integer NOT NULL,
	"counted_at" date NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"loss" bigint DEFAULT 0 NOT NULL,
	"gain" bigint DEFAULT 0 NOT NULL,
	"jurnal_code" varchar(100),
	"applog_id" integer,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_status_check" CHECK ("stock_count"."status" in (0, 1, 2)),
	CONSTRAINT "stock_count_value_check" CHECK ("stock_count"."loss" >= 0 and "stock_count"."gain" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_count_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"count_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer,
	"system" integer NOT NULL,
	"counted" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_count_item_qty_check" CHECK ("stock_count_item"."system" >= 0 and "stock_count_item"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"to_profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"from_warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer NOT NULL,
	"sent_at" date NOT NULL,
	"received_at" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"note" text,
	"receive_note" text,
	"value" bigint DEFAULT 0 NOT NULL,
	"received_value" bigint,
	"difference_value" bigint,
	"send_jurnal_code" varchar(40),
	"receive_jurnal_code" varchar(40),
	"settle_jurnal_code" varchar(40),
	"idempotency_key" varchar(120),
	"created_by" integer,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfer_status_check" CHECK ("stock_transfer"."status" in (1, 2, 3)),
	CONSTRAINT "stock_transfer_received_check" CHECK (("stock_transfer"."status" = 1) = ("stock_transfer"."received_at" is null and "stock_transfer"."received_by" is null and "stock_transfer"."received_value" is null))
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer,
	"quantity" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"to_item_id" integer,
	"to_batch_id" integer,
	"received" integer,
	CONSTRAINT "stock_transfer_item_quantity_check" CHECK ("stock_transfer_item"."quantity" > 0 and "stock_transfer_item"."value" >= 0),
	CONSTRAINT "stock_transfer_item_received_check" CHECK ("stock_transfer_item"."received" is null or ("stock_transfer_item"."received" >= 0 and "stock_transfer_item"."received" <= "stock_transfer_item"."quantity"))
);
--> statement-breakpoint
ALTER TABLE "dispensing" ADD CONSTRAINT "dispensing_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing" ADD CONSTRAINT "dispensing_prescription_id_rm_prescription_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."rm_prescription"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing" ADD CONSTRAINT "dispensing_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing" ADD CONSTRAINT "dispensing_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing" ADD CONSTRAINT "dispensing_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_dispensing_id_dispensing_id_fk" FOREIGN KEY ("dispensing_id") REFERENCES "public"."dispensing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_prescription_id_rm_prescription_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."rm_prescription"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_resep_entry_id_rm_entry_id_fk" FOREIGN KEY ("resep_entry_id") REFERENCES "public"."rm_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_prescribed_item_id_item_id_fk" FOREIGN KEY ("prescribed_item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD CONSTRAINT "dispensing_item_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_setting" ADD CONSTRAINT "inventory_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_item" ADD CONSTRAINT "stock_count_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_item" ADD CONSTRAINT "stock_count_item_count_id_stock_count_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_count"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_item" ADD CONSTRAINT "stock_count_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_item" ADD CONSTRAINT "stock_count_item_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_to_profile_id_profile_id_fk" FOREIGN KEY ("to_profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_from_warehouse_id_warehouse_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_to_warehouse_id_warehouse_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer" ADD CONSTRAINT "stock_transfer_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_transfer_id_stock_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_to_item_id_item_id_fk" FOREIGN KEY ("to_item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_item" ADD CONSTRAINT "stock_transfer_item_to_batch_id_stock_batch_id_fk" FOREIGN KEY ("to_batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispensing_code_idx" ON "dispensing" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dispensing_idem_idx" ON "dispensing" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "dispensing_prescription_idx" ON "dispensing" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "dispensing_visit_idx" ON "dispensing" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "dispensing_item_dispensing_idx" ON "dispensing_item" USING btree ("dispensing_id");--> statement-breakpoint
CREATE INDEX "dispensing_item_entry_idx" ON "dispensing_item" USING btree ("resep_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_code_idx" ON "stock_count" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_idem_idx" ON "stock_count" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_count_profile_date_idx" ON "stock_count" USING btree ("profile_id","counted_at");--> statement-breakpoint
CREATE INDEX "stock_count_item_count_idx" ON "stock_count_item" USING btree ("count_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_code_idx" ON "stock_transfer" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_idem_idx" ON "stock_transfer" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_transfer_profile_date_idx" ON "stock_transfer" USING btree ("profile_id","sent_at");--> statement-breakpoint
CREATE INDEX "stock_transfer_to_profile_idx" ON "stock_transfer" USING btree ("to_profile_id","status");--> statement-breakpoint
CREATE INDEX "stock_transfer_item_transfer_idx" ON "stock_transfer_item" USING btree ("transfer_id");