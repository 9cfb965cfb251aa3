-- Settling a visit's receivable later (issue 14): a settlement is a kasir_payment of kind 'pelunasan' naming the
-- visit payment it settles (parent_id). The visit payment's `settled` is kept by a trigger from its settlements that
-- are not void, and a CHECK refuses paid + settled above the total: two cashiers cannot over-settle one bill.
ALTER TABLE "kasir_payment" DROP CONSTRAINT "kasir_payment_chk";
--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_chk" CHECK (
  "kind" IN ('visit', 'sales', 'cicilan', 'pelunasan') AND "status" IN ('paid', 'partly', 'void')
  AND "subtotal" >= 0 AND "discount" >= 0 AND "tax" >= 0 AND "total" >= 0 AND "paid" >= 0 AND "change" >= 0
  AND "paid" <= "total" AND "tendered" = "paid" + "change"
  AND ("kind" <> 'visit' OR "visit_id" IS NOT NULL)
  AND ("kind" <> 'cicilan' OR "membership_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_settle_chk" CHECK (
  "settled" >= 0 AND "paid" + "settled" <= "total" AND ("kind" = 'visit' OR "settled" = 0)
  AND (("kind" = 'pelunasan') = ("parent_id" IS NOT NULL))
  AND ("kind" <> 'pelunasan' OR ("visit_id" IS NULL AND "paid" = "total" AND "paid" > 0)));
--> statement-breakpoint
ALTER TABLE "kasir_payment_line" DROP CONSTRAINT "kasir_payment_line_chk";
--> statement-breakpoint
ALTER TABLE "kasir_payment_line" ADD CONSTRAINT "kasir_payment_line_chk" CHECK (
  "kind" IN ('treatment', 'product', 'resep', 'bhp', 'lab', 'item', 'cicilan', 'pelunasan')
  AND "qty" > 0 AND "price" >= 0 AND "discount" >= 0 AND "tax" >= 0 AND "total" >= 0 AND "doctor_share" >= 0);
--> statement-breakpoint
-- A settlement adds its amount to the visit payment it settles (locking that row: concurrent settlements of one bill
-- run one after another and the CHECK sees every one); voiding it takes the amount off again.
CREATE FUNCTION kasir_settlement_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent record;
BEGIN
  IF NEW.parent_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT kind, status, profile_id INTO parent FROM kasir_payment WHERE id = NEW.parent_id FOR UPDATE;
    IF parent.kind IS DISTINCT FROM 'visit' OR parent.status = 'void' OR parent.profile_id <> NEW.profile_id THEN
      RAISE EXCEPTION 'Pelunasan hanya untuk pembayaran kunjungan yang belum dibatalkan' USING ERRCODE = 'P0001';
    END IF;
    IF NEW.status <> 'void' THEN
      UPDATE kasir_payment SET settled = settled + NEW.paid WHERE id = NEW.parent_id;
    END IF;
  ELSIF OLD.status <> 'void' AND NEW.status = 'void' THEN
    UPDATE kasir_payment SET settled = settled - OLD.paid WHERE id = NEW.parent_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER kasir_payment_settlement AFTER INSERT OR UPDATE OF status ON "kasir_payment"
  FOR EACH ROW EXECUTE FUNCTION kasir_settlement_sync();
--> statement-breakpoint
-- The guard of 0031 plus: parent_id never changes, `settled` changes only through the trigger above, and a visit
-- payment is voided only once its settlements are (the cashier's void does them first, in one transaction).
CREATE OR REPLACE FUNCTION kasir_payment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'void' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id) THEN
    RAISE EXCEPTION 'Pembayaran yang dibatalkan tidak dapat diubah' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status <> OLD.status AND NEW.status <> 'void' THEN
    RAISE EXCEPTION 'Status pembayaran hanya dapat berubah menjadi batal' USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.profile_id, NEW.code, NEW.kind, NEW.visit_id, NEW.customer_id, NEW.membership_id, NEW.session_id, NEW.cashier_id,
      NEW.paid_date, NEW.subtotal, NEW.discount, NEW.tax, NEW.total, NEW.paid, NEW.tendered, NEW.change, NEW.idempotency_key,
      NEW.parent_id)
     IS DISTINCT FROM
     (OLD.profile_id, OLD.code, OLD.kind, OLD.visit_id, OLD.customer_id, OLD.membership_id, OLD.session_id, OLD.cashier_id,
      OLD.paid_date, OLD.subtotal, OLD.discount, OLD.tax, OLD.total, OLD.paid, OLD.tendered, OLD.change, OLD.idempotency_key,
      OLD.parent_id) THEN
    RAISE EXCEPTION 'Pembayaran tidak dapat diubah; batalkan dengan pembalikan' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.jurnal_id IS NOT NULL AND NEW.jurnal_id IS DISTINCT FROM OLD.jurnal_id THEN
    RAISE EXCEPTION 'Jurnal pembayaran tidak dapat diganti' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.settled IS DISTINCT FROM OLD.settled AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Jumlah pelunasan hanya berubah melalui pelunasan' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status = 'void' AND OLD.status <> 'void' AND NEW.settled > 0 THEN
    RAISE EXCEPTION 'Batalkan pelunasan pembayaran ini terlebih dahulu' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The paid state of a visit, derived from its payment rows (never stored on the visit): the visit payment that is
-- not void and what it and its settlements that are not void paid. A visit without a row here is not paid.
CREATE VIEW kasir_visit_pay_status AS
SELECT p.visit_id, p.id AS payment_id, p.code, p.profile_id, p.total,
  p.paid + s.settled AS paid,
  p.total - p.paid - s.settled AS outstanding,
  CASE WHEN p.paid + s.settled >= p.total THEN 'lunas' ELSE 'belum_lunas' END AS pay_status
FROM kasir_payment p
CROSS JOIN LATERAL (
  SELECT coalesce(sum(x.paid), 0)::bigint AS settled FROM kasir_payment x WHERE x.parent_id = p.id AND x.status <> 'void'
) s
WHERE p.kind = 'visit' AND p.status <> 'void';
