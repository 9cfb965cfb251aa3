-- Inventory rules (issue 13). The stock ledger is append-only; on-hand quantities (stock_balance) and the
-- moving-average valuation (stock_valuation) are written only by the ledger's trigger, whose CHECKs refuse a
-- movement that would make any of them negative. Row locks taken by the trigger (the item's valuation row first,
-- then the balance row) serialize concurrent movements of one item, so no two issues can both take the last unit.

-- Items: existing free-text categories become category rows of the item's branch.
INSERT INTO "item_category" ("profile_id", "name")
  SELECT DISTINCT ON ("profile_id", lower(btrim("category"))) "profile_id", btrim("category")
  FROM "item" WHERE "category" IS NOT NULL AND btrim("category") <> ''
  ORDER BY "profile_id", lower(btrim("category")), btrim("category");
--> statement-breakpoint
UPDATE "item" i SET "category_id" = c."id" FROM "item_category" c
  WHERE c."profile_id" = i."profile_id" AND lower(c."name") = lower(btrim(i."category"));
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_conversion_check" CHECK ("conversion" >= 1);
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_min_stock_check" CHECK ("min_stock" >= 0);
--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_payment_terms_check" CHECK ("payment_terms" >= 0);
--> statement-breakpoint

-- Accounts the inventory posts to besides 1140 Persediaan, 2101 Hutang Usaha and 5101 HPP.
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal", "parent_id")
  SELECT v.code, v.name, v.category, false, v.normal, p."id" FROM (VALUES
    ('1141', 'Persediaan Dalam Perjalanan', 1, 'D', '1100'),
    ('5104', 'Selisih Persediaan', 5, 'D', '5100')
  ) AS v(code, name, category, normal, parent) JOIN "akun" p ON p."code" = v.parent
  ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint

CREATE FUNCTION stock_movement_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_qty bigint;
  v_value bigint;
  v_item record;
BEGIN
  SELECT "profile_id", "last_purchase_price", "conversion" INTO v_item FROM "item" WHERE "id" = NEW."item_id";
  IF NOT FOUND OR v_item."profile_id" <> NEW."profile_id" THEN
    RAISE EXCEPTION 'Item bukan milik cabang mutasi stok' USING ERRCODE = '23514';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "warehouse" WHERE "id" = NEW."warehouse_id" AND "profile_id" = NEW."profile_id") THEN
    RAISE EXCEPTION 'Gudang bukan milik cabang mutasi stok' USING ERRCODE = '23514';
  END IF;
  IF NEW."batch_id" IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM "stock_batch" WHERE "id" = NEW."batch_id" AND "item_id" = NEW."item_id") THEN
    RAISE EXCEPTION 'Batch bukan milik item mutasi stok' USING ERRCODE = '23514';
  END IF;

  -- The item's valuation row, locked for the rest of the transaction.
  INSERT INTO "stock_valuation" ("item_id", "profile_id", "quantity", "value")
    VALUES (NEW."item_id", NEW."profile_id", 0, 0) ON CONFLICT ("item_id") DO NOTHING;
  SELECT "quantity", "value" INTO v_qty, v_value FROM "stock_valuation" WHERE "item_id" = NEW."item_id" FOR UPDATE;

  IF NEW."value" IS NULL THEN
    IF NEW."quantity" < 0 THEN
      -- Out at the moving average; the last units take whatever value is left, so value reaches 0 with quantity.
      IF v_qty <= -NEW."quantity" THEN
        NEW."value" := -v_value;
      ELSE
        NEW."value" := -round(v_value::numeric * (-NEW."quantity") / v_qty)::bigint;
      END IF;
    ELSIF v_qty > 0 THEN
      NEW."value" := round(v_value::numeric * NEW."quantity" / v_qty)::bigint;
    ELSE
      NEW."value" := round(v_item."last_purchase_price"::numeric * NEW."quantity" / v_item."conversion")::bigint;
    END IF;
  END IF;
  IF (NEW."quantity" > 0 AND NEW."value" < 0) OR (NEW."quantity" < 0 AND NEW."value" > 0) THEN
    RAISE EXCEPTION 'Nilai mutasi stok harus searah dengan jumlahnya' USING ERRCODE = '23514';
  END IF;
  NEW."unit_cost" := round(abs(NEW."value")::numeric / abs(NEW."quantity"))::bigint;

  UPDATE "stock_valuation"
    SET "quantity" = "quantity" + NEW."quantity", "value" = "value" + NEW."value", "updated_at" = now()
    WHERE "item_id" = NEW."item_id";
  -- Update first: an INSERT .. ON CONFLICT would check the proposed row (a negative quantity) before the conflict.
  -- Movements of one item are serialized by the valuation row lock above, so update-then-insert cannot race.
  UPDATE "stock_balance" SET "quantity" = "quantity" + NEW."quantity", "updated_at" = now()
    WHERE "warehouse_id" = NEW."warehouse_id" AND "item_id" = NEW."item_id"
      AND ("batch_id" = NEW."batch_id" OR ("batch_id" IS NULL AND NEW."batch_id" IS NULL));
  IF NOT FOUND THEN
    INSERT INTO "stock_balance" ("profile_id", "warehouse_id", "item_id", "batch_id", "quantity")
      VALUES (NEW."profile_id", NEW."warehouse_id", NEW."item_id", NEW."batch_id", NEW."quantity");
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movement_apply BEFORE INSERT ON "stock_movement"
  FOR EACH ROW EXECUTE FUNCTION stock_movement_apply();
--> statement-breakpoint

CREATE FUNCTION stock_movement_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Mutasi stok tidak dapat diubah atau dihapus; catat mutasi koreksi' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movement_immutable BEFORE UPDATE OR DELETE ON "stock_movement"
  FOR EACH ROW EXECUTE FUNCTION stock_movement_immutable();
--> statement-breakpoint
CREATE TRIGGER stock_movement_no_truncate BEFORE TRUNCATE ON "stock_movement"
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_immutable();
--> statement-breakpoint

-- Balances and valuations change only from inside the ledger's trigger (trigger depth 2), never directly.
CREATE FUNCTION stock_derived_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Saldo stok hanya berubah lewat mutasi stok' USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_balance_guard BEFORE INSERT OR UPDATE OR DELETE ON "stock_balance"
  FOR EACH ROW EXECUTE FUNCTION stock_derived_guard();
--> statement-breakpoint
CREATE TRIGGER stock_valuation_guard BEFORE INSERT OR UPDATE OR DELETE ON "stock_valuation"
  FOR EACH ROW EXECUTE FUNCTION stock_derived_guard();
