-- Kasir rules the database itself keeps (issue 14).
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_chk" CHECK (
  "kind" IN ('visit', 'sales', 'cicilan') AND "status" IN ('paid', 'partly', 'void')
  AND "subtotal" >= 0 AND "discount" >= 0 AND "tax" >= 0 AND "total" >= 0 AND "paid" >= 0 AND "change" >= 0
  AND "paid" <= "total" AND "tendered" = "paid" + "change"
  AND ("kind" <> 'visit' OR "visit_id" IS NOT NULL)
  AND ("kind" <> 'cicilan' OR "membership_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_chk" CHECK (
  "kind" IN ('treatment', 'product', 'resep', 'bhp', 'lab', 'item', 'cicilan')
  AND "qty" > 0 AND "price" >= 0 AND "discount" >= 0 AND "tax" >= 0 AND "total" >= 0 AND "doctor_share" >= 0);
--> statement-breakpoint
ALTER TABLE "kasir_payment_tender" ADD CONSTRAINT "kasir_payment_tender_chk" CHECK (
  "amount" >= 0 AND "change" >= 0 AND "tendered" = "amount" + "change" AND "tendered" > 0);
--> statement-breakpoint
ALTER TABLE "kasir_session" ADD CONSTRAINT "kasir_session_chk" CHECK (
  "status" IN ('open', 'closed') AND "opening_float" >= 0 AND ("status" = 'open' OR "closed_at" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "kasir_setting" ADD CONSTRAINT "kasir_setting_chk" CHECK ("discount_limit_bp" BETWEEN 0 AND 10000);
--> statement-breakpoint
-- An instalment is never paid beyond its amount (the cashier's instalment payments).
ALTER TABLE "paket_membership_cicilan" ADD CONSTRAINT "paket_membership_cicilan_paid_chk" CHECK ("paid_amount" >= 0 AND "paid_amount" <= "amount");
--> statement-breakpoint
-- Money history is never deleted; lines, tenders, counts and voids never change; a payment changes only its
-- journal reference, its print count and its status to void (once).
CREATE FUNCTION kasir_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Data kasir tidak dapat dihapus' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION kasir_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Data kasir tidak dapat diubah' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION kasir_payment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'void' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id) THEN
    RAISE EXCEPTION 'Pembayaran yang dibatalkan tidak dapat diubah' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status <> OLD.status AND NEW.status <> 'void' THEN
    RAISE EXCEPTION 'Status pembayaran hanya dapat berubah menjadi batal' USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.profile_id, NEW.code, NEW.kind, NEW.visit_id, NEW.customer_id, NEW.membership_id, NEW.session_id, NEW.cashier_id,
      NEW.paid_date, NEW.subtotal, NEW.discount, NEW.tax, NEW.total, NEW.paid, NEW.tendered, NEW.change, NEW.idempotency_key)
     IS DISTINCT FROM
     (OLD.profile_id, OLD.code, OLD.kind, OLD.visit_id, OLD.customer_id, OLD.membership_id, OLD.session_id, OLD.cashier_id,
      OLD.paid_date, OLD.subtotal, OLD.discount, OLD.tax, OLD.total, OLD.paid, OLD.tendered, OLD.change, OLD.idempotency_key) THEN
    RAISE EXCEPTION 'Pembayaran tidak dapat diubah; batalkan dengan pembalikan' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.jurnal_id IS NOT NULL AND NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id THEN
    RAISE EXCEPTION 'Jurnal pembayaran tidak dapat diganti' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER kasir_payment_guard BEFORE UPDATE ON "kasir_payment" FOR EACH ROW EXECUTE FUNCTION kasir_payment_guard();
--> statement-breakpoint
CREATE TRIGGER kasir_payment_no_delete BEFORE DELETE ON "kasir_payment" FOR EACH ROW EXECUTE FUNCTION kasir_no_delete();
--> statement-breakpoint
CREATE TRIGGER kasir_payment_line_frozen BEFORE UPDATE OR DELETE ON "kasir_payment_line" FOR EACH ROW EXECUTE FUNCTION kasir_no_update();
--> statement-breakpoint
CREATE TRIGGER kasir_payment_tender_frozen BEFORE UPDATE OR DELETE ON "kasir_payment_tender" FOR EACH ROW EXECUTE FUNCTION kasir_no_update();
--> statement-breakpoint
CREATE TRIGGER kasir_session_count_frozen BEFORE UPDATE OR DELETE ON "kasir_session_count" FOR EACH ROW EXECUTE FUNCTION kasir_no_update();
--> statement-breakpoint
CREATE TRIGGER kasir_void_frozen BEFORE UPDATE OR DELETE ON "kasir_void" FOR EACH ROW EXECUTE FUNCTION kasir_no_update();
--> statement-breakpoint
CREATE TRIGGER kasir_session_no_delete BEFORE DELETE ON "kasir_session" FOR EACH ROW EXECUTE FUNCTION kasir_no_delete();
