CREATE TABLE "chain_master" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"key" varchar(150) NOT NULL,
	"name" varchar(150) NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_master_kind_check" CHECK ("chain_master"."kind" in ('treatment', 'item', 'item_category', 'item_supplier')),
	CONSTRAINT "chain_master_status_check" CHECK ("chain_master"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "item_category" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "perawatan" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "vendor" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "chain_master" ADD CONSTRAINT "chain_master_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_master" ADD CONSTRAINT "chain_master_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_master_kind_key_idx" ON "chain_master" USING btree ("kind","key");--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_category" ADD CONSTRAINT "item_category_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perawatan" ADD CONSTRAINT "perawatan_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_profile_chain_idx" ON "item" USING btree ("profile_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_category_profile_chain_idx" ON "item_category" USING btree ("profile_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "perawatan_profile_chain_idx" ON "perawatan" USING btree ("profile_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_profile_chain_idx" ON "vendor" USING btree ("profile_id","chain_id");--> statement-breakpoint
-- Issue 30 item 2: link the branch copies of one thing (the same code, or a category's same name, case-insensitive,
-- in two or more branches) to one chain record, keeping every row, its id and its history. The chain record takes
-- the values of the first copy made (lowest id); a branch with two rows of one key links its first. A thing of one
-- branch only stays that branch's own. Safe to run again (the migration runs it once; tests call it).
CREATE OR REPLACE FUNCTION chain_master_link_existing() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  linked integer := 0;
  c integer;
BEGIN
  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (lower(t.name)) 'item_category', lower(t.name), t.name,
         jsonb_build_object('name', t.name, 'description', t.description), t.status
  FROM item_category t
  WHERE t.chain_id IS NULL
    AND lower(t.name) IN (SELECT lower(x.name) FROM item_category x GROUP BY lower(x.name) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY lower(t.name), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE item_category t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'item_category' AND m.key = lower(t.name) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM item_category x WHERE x.profile_id = t.profile_id AND lower(x.name) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM item_category y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;

  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (upper(t.code)) 'treatment', upper(t.code), t.name,
         jsonb_build_object('code', upper(t.code), 'name', t.name, 'price', t.price, 'doctor_share', t.doctor_share), t.status
  FROM perawatan t
  WHERE t.chain_id IS NULL
    AND upper(t.code) IN (SELECT upper(x.code) FROM perawatan x GROUP BY upper(x.code) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY upper(t.code), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE perawatan t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'treatment' AND m.key = upper(t.code) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM perawatan x WHERE x.profile_id = t.profile_id AND upper(x.code) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM perawatan y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;

  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (upper(t.code)) 'item_supplier', upper(t.code), t.name,
         jsonb_build_object('code', upper(t.code), 'name', t.name, 'contact', t.contact, 'phone', t.phone,
                            'address', t.address, 'npwp', t.npwp, 'payment_terms', t.payment_terms), t.status
  FROM vendor t
  WHERE t.chain_id IS NULL
    AND upper(t.code) IN (SELECT upper(x.code) FROM vendor x GROUP BY upper(x.code) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY upper(t.code), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE vendor t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'item_supplier' AND m.key = upper(t.code) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM vendor x WHERE x.profile_id = t.profile_id AND upper(x.code) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM vendor y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;

  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (upper(t.code)) 'item', upper(t.code), t.name,
         jsonb_build_object('code', upper(t.code), 'name', t.name, 'unit', t.unit,
                            'category_id', (SELECT c2.chain_id FROM item_category c2 WHERE c2.id = t.category_id),
                            'purchase_unit', t.purchase_unit, 'conversion', t.conversion, 'min_stock', t.min_stock,
                            'track_batch', t.track_batch, 'kfa_code', t.kfa_code, 'generic_name', t.generic_name,
                            'selling_price', t.selling_price), t.status
  FROM item t
  WHERE t.chain_id IS NULL
    AND upper(t.code) IN (SELECT upper(x.code) FROM item x GROUP BY upper(x.code) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY upper(t.code), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE item t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'item' AND m.key = upper(t.code) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM item x WHERE x.profile_id = t.profile_id AND upper(x.code) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM item y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;
  RETURN linked;
END $$;
--> statement-breakpoint
SELECT chain_master_link_existing();
