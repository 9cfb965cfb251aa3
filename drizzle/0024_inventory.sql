CREATE TABLE "item_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"vendor_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"ordered_at" date NOT NULL,
	"note" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_item_quantity_check" CHECK ("purchase_order_item"."quantity" > 0 and "purchase_order_item"."price" >= 0),
	CONSTRAINT "purchase_order_item_received_check" CHECK ("purchase_order_item"."received" >= 0 and "purchase_order_item"."received" <= "purchase_order_item"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"purchase_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"received_at" date NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"jurnal_id" integer,
	"jurnal_code" varchar(40),
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"receipt_id" integer NOT NULL,
	"purchase_item_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer,
	"quantity" integer NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"stock_quantity" integer NOT NULL,
	CONSTRAINT "purchase_receipt_item_quantity_check" CHECK ("purchase_receipt_item"."quantity" > 0 and "purchase_receipt_item"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_balance" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balance_key" UNIQUE NULLS NOT DISTINCT("warehouse_id","item_id","batch_id"),
	CONSTRAINT "stock_balance_quantity_check" CHECK ("stock_balance"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch" varchar(50) NOT NULL,
	"expired_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer,
	"quantity" integer NOT NULL,
	"value" bigint,
	"unit_cost" bigint,
	"kind" varchar(20) NOT NULL,
	"moved_at" date NOT NULL,
	"source_kind" varchar(40) NOT NULL,
	"source_id" integer NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_quantity_check" CHECK ("stock_movement"."quantity" <> 0),
	CONSTRAINT "stock_movement_kind_check" CHECK ("stock_movement"."kind" in ('receipt', 'transfer_out', 'transfer_in', 'sale', 'dispense', 'consumable', 'adjustment', 'return'))
);
--> statement-breakpoint
CREATE TABLE "stock_valuation" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_valuation_quantity_check" CHECK ("stock_valuation"."quantity" >= 0),
	CONSTRAINT "stock_valuation_value_check" CHECK ("stock_valuation"."value" >= 0 and ("stock_valuation"."quantity" > 0 or "stock_valuation"."value" = 0))
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"contact" varchar(100),
	"phone" varchar(20),
	"address" text,
	"npwp" varchar(30),
	"payment_terms" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(20) DEFAULT 'gudang' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_kind_check" CHECK ("warehouse"."kind" in ('gudang', 'apotek', 'tindakan'))
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "purchase_unit" varchar(30);--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "conversion" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "min_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "track_batch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "kfa_code" varchar(30);--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "last_purchase_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_category" ADD CONSTRAINT "item_category_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_vendor_id_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD CONSTRAINT "purchase_order_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD CONSTRAINT "purchase_order_item_purchase_id_purchase_order_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD CONSTRAINT "purchase_order_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_purchase_id_purchase_order_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_item" ADD CONSTRAINT "purchase_receipt_item_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_item" ADD CONSTRAINT "purchase_receipt_item_receipt_id_purchase_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipt"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_item" ADD CONSTRAINT "purchase_receipt_item_purchase_item_id_purchase_order_item_id_fk" FOREIGN KEY ("purchase_item_id") REFERENCES "public"."purchase_order_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_item" ADD CONSTRAINT "purchase_receipt_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_item" ADD CONSTRAINT "purchase_receipt_item_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch" ADD CONSTRAINT "stock_batch_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch" ADD CONSTRAINT "stock_batch_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_batch_id_stock_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_valuation" ADD CONSTRAINT "stock_valuation_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_valuation" ADD CONSTRAINT "stock_valuation_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_category_profile_name_idx" ON "item_category" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_code_idx" ON "purchase_order" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_idem_idx" ON "purchase_order" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchase_order_profile_date_idx" ON "purchase_order" USING btree ("profile_id","ordered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_item_idx" ON "purchase_order_item" USING btree ("purchase_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipt_code_idx" ON "purchase_receipt" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipt_idem_idx" ON "purchase_receipt" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchase_receipt_purchase_idx" ON "purchase_receipt" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_item_receipt_idx" ON "purchase_receipt_item" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "stock_balance_profile_item_idx" ON "stock_balance" USING btree ("profile_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batch_item_batch_idx" ON "stock_batch" USING btree ("item_id","batch");--> statement-breakpoint
CREATE INDEX "stock_batch_profile_expiry_idx" ON "stock_batch" USING btree ("profile_id","expired_at");--> statement-breakpoint
CREATE INDEX "stock_movement_item_idx" ON "stock_movement" USING btree ("item_id","warehouse_id","moved_at","id");--> statement-breakpoint
CREATE INDEX "stock_movement_profile_date_idx" ON "stock_movement" USING btree ("profile_id","moved_at");--> statement-breakpoint
CREATE INDEX "stock_movement_source_idx" ON "stock_movement" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_profile_code_idx" ON "vendor" USING btree ("profile_id","code");--> statement-breakpoint
CREATE INDEX "vendor_profile_name_idx" ON "vendor" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_profile_code_idx" ON "warehouse" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_profile_kind_idx" ON "warehouse" USING btree ("profile_id","kind") WHERE "warehouse"."status" = 1 and "warehouse"."kind" in ('apotek', 'tindakan');--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_category_id_item_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_category"("id") ON DELETE no action ON UPDATE no action;