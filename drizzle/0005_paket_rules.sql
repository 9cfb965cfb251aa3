-- Paket rules the database itself keeps (issue 5).
-- A package sold in instalments: down payment plus the instalments equal the price exactly (sen).
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_installment_chk"
  CHECK ("installment_schema" = 0 OR ("installment_schema" = 1 AND "cicilan_attempt" >= 1 AND "dp_amount" + "cicilan_amount" * "cicilan_attempt" = "price"));
--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "paket_history" ADD CONSTRAINT "paket_history_price_chk" CHECK ("price" > 0 AND "dp_amount" >= 0 AND "cicilan_amount" >= 0);
--> statement-breakpoint
-- A package item names exactly the master its type says.
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_ref_chk" CHECK (
  ("type" = 1 AND "perawatan_id" IS NOT NULL AND "item_id" IS NULL AND "form_lab_id" IS NULL) OR
  ("type" = 2 AND "item_id" IS NOT NULL AND "perawatan_id" IS NULL AND "form_lab_id" IS NULL) OR
  ("type" = 3 AND "form_lab_id" IS NOT NULL AND "perawatan_id" IS NULL AND "item_id" IS NULL));
--> statement-breakpoint
ALTER TABLE "paket_history_item" ADD CONSTRAINT "paket_history_item_slot_chk" CHECK ("free_slot" >= 1 AND "expired_duration" >= 1);
--> statement-breakpoint
ALTER TABLE "paket_membership_slot" ADD CONSTRAINT "paket_membership_slot_used_chk" CHECK ("used_slot" >= 0 AND "used_slot" <= "free_slot");
--> statement-breakpoint
ALTER TABLE "perawatan" ADD CONSTRAINT "perawatan_status_chk" CHECK ("status" IN (0, 1) AND "price" >= 0 AND "doctor_share" >= 0 AND "doctor_share" <= "price");
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_status_chk" CHECK ("status" IN (0, 1) AND "selling_price" >= 0);
--> statement-breakpoint
ALTER TABLE "form_lab" ADD CONSTRAINT "form_lab_status_chk" CHECK ("status" IN (0, 1) AND "price" >= 0);
--> statement-breakpoint
ALTER TABLE "paket_type" ADD CONSTRAINT "paket_type_chk" CHECK ("status" IN (0, 1) AND "type" IN (1, 2) AND ("end_at" IS NULL OR "end_at" >= "start_at"));
--> statement-breakpoint
-- Sold versions are history: their terms never change (only is_current moves to the next version).
CREATE FUNCTION paket_history_terms_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.code, NEW.name, NEW.paket_type_id, NEW.active_at, NEW.price, NEW.description, NEW.status, NEW.installment_schema,
      NEW.dp_amount, NEW.cicilan_amount, NEW.cicilan_attempt, NEW.version, NEW.paket_id, NEW.profile_id)
     IS DISTINCT FROM
     (OLD.code, OLD.name, OLD.paket_type_id, OLD.active_at, OLD.price, OLD.description, OLD.status, OLD.installment_schema,
      OLD.dp_amount, OLD.cicilan_amount, OLD.cicilan_attempt, OLD.version, OLD.paket_id, OLD.profile_id) THEN
    RAISE EXCEPTION 'paket_history rows are versions: create a new version instead' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER paket_history_frozen BEFORE UPDATE ON "paket_history" FOR EACH ROW EXECUTE FUNCTION paket_history_terms_frozen();
--> statement-breakpoint
CREATE FUNCTION paket_history_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'paket_history rows are never deleted' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER paket_history_no_delete BEFORE DELETE ON "paket_history" FOR EACH ROW EXECUTE FUNCTION paket_history_keep();
