-- Inventory flows (issue 13): inter-branch accounts for transfers, the view of a transfer's two branches (for
-- branch scope: both the sending and the receiving branch see a transfer), and append-only dispensings.

-- Inter-branch transfers: the sending branch holds a receivable on the receiving branch for the goods received,
-- the receiving branch a payable (each branch's books balance on their own; they eliminate on consolidation).
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal", "parent_id")
  SELECT v.code, v.name, v.category, false, v.normal, p."id" FROM (VALUES
    ('1170', 'Piutang Antar Cabang', 1, 'D', '1100'),
    ('2106', 'Hutang Antar Cabang', 2, 'K', '2100')
  ) AS v(code, name, category, normal, parent) JOIN "akun" p ON p."code" = v.parent
  ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint

-- One row per branch taking part in a transfer (sender and receiver; once when both are the same).
CREATE VIEW "stock_transfer_party" AS
  SELECT "id", "profile_id" FROM "stock_transfer"
  UNION
  SELECT "id", "to_profile_id" AS "profile_id" FROM "stock_transfer";
--> statement-breakpoint

-- A transfer line keeps what was sent; only the receiving side (to_item_id, to_batch_id, received) is set, once.
CREATE FUNCTION stock_transfer_item_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Baris mutasi tidak dapat dihapus' USING ERRCODE = '23514';
  END IF;
  IF NEW."transfer_id" <> OLD."transfer_id" OR NEW."item_id" <> OLD."item_id"
     OR NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."quantity" <> OLD."quantity" OR NEW."value" <> OLD."value"
     OR OLD."received" IS NOT NULL THEN
    RAISE EXCEPTION 'Baris mutasi yang sudah dikirim atau diterima tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_transfer_item_guard BEFORE UPDATE OR DELETE ON "stock_transfer_item"
  FOR EACH ROW EXECUTE FUNCTION stock_transfer_item_guard();
--> statement-breakpoint

-- A transfer is received once (status moves 1 -> 2 | 3 only) and is never deleted.
CREATE FUNCTION stock_transfer_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Mutasi stok tidak dapat dihapus' USING ERRCODE = '23514';
  END IF;
  IF OLD."status" <> 1 OR NEW."status" = 1 AND (NEW."received_at" IS NOT NULL) THEN
    RAISE EXCEPTION 'Mutasi ini sudah diterima' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_transfer_guard BEFORE UPDATE OR DELETE ON "stock_transfer"
  FOR EACH ROW EXECUTE FUNCTION stock_transfer_guard();
--> statement-breakpoint

-- Dispensings are history: never changed or deleted (a return is a new document).
CREATE FUNCTION dispensing_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Penyerahan resep tidak dapat diubah atau dihapus' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dispensing_immutable BEFORE UPDATE OR DELETE ON "dispensing"
  FOR EACH ROW EXECUTE FUNCTION dispensing_immutable();
--> statement-breakpoint
CREATE TRIGGER dispensing_item_immutable BEFORE UPDATE OR DELETE ON "dispensing_item"
  FOR EACH ROW EXECUTE FUNCTION dispensing_immutable();
--> statement-breakpoint

-- A stock count line never changes.
CREATE FUNCTION stock_count_item_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Baris stok opname tidak dapat diubah atau dihapus' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_count_item_immutable BEFORE UPDATE OR DELETE ON "stock_count_item"
  FOR EACH ROW EXECUTE FUNCTION stock_count_item_immutable();
