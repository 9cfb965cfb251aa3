-- Issue 25 (separation of duties). The database itself refuses what the services refuse.
-- 1. Requests already stored name their subject: the user whose account or attendance day they change.
UPDATE "applog" SET "subject_user_id" = "entity_id"
  WHERE "kind" = 'request' AND "subject_user_id" IS NULL AND "entity_id" IS NOT NULL
    AND (("entity" = 'users' AND "action" LIKE 'user.%') OR ("entity" = 'attendance_day' AND "action" = 'attendance.correct_day'));
--> statement-breakpoint
-- 2. Nobody decides a request they made or one about themselves (new decisions; old rows are not re-judged).
ALTER TABLE "applog" ADD CONSTRAINT "applog_second_person_chk"
  CHECK ("decided_by" IS NULL OR ("decided_by" <> "user_id" AND "decided_by" IS DISTINCT FROM "subject_user_id")) NOT VALID;
--> statement-breakpoint
-- 3. A payroll run (or correction) is approved by someone other than its creator (checked when it is approved, so
--    runs approved before this rule may still be superseded by a correction).
CREATE OR REPLACE FUNCTION payroll_run_second_person_chk() RETURNS trigger AS $$
BEGIN
  IF NEW."status" = 1 AND OLD."status" = 0 AND NEW."approved_by" IS NOT DISTINCT FROM NEW."created_by" THEN
    RAISE EXCEPTION 'payroll run % approved by its creator', NEW."id" USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payroll_run_second_person_trg BEFORE UPDATE OF "status" ON "payroll_run"
  FOR EACH ROW EXECUTE FUNCTION payroll_run_second_person_chk();
--> statement-breakpoint
-- 4. Discount approvals granted before this migration and already used by a payment count as used (the first
--    payment of the visit after the decision), so voiding that payment does not free them.
WITH firsts AS (
  SELECT DISTINCT ON (a."id") a."id" AS applog_id, p."id" AS payment_id
  FROM "applog" a
  JOIN "kasir_payment" p ON p."visit_id" = a."entity_id" AND p."profile_id" = a."profile_id"
  WHERE a."kind" = 'request' AND a."action" = 'kasir.discount' AND a."entity" = 'visit' AND a."status" = 1
    AND a."decided_at" IS NOT NULL AND p."created_at" >= a."decided_at" AND p."discount" > 0
  ORDER BY a."id", p."created_at", p."id"
), one_each AS (
  SELECT DISTINCT ON (payment_id) applog_id, payment_id FROM firsts ORDER BY payment_id, applog_id DESC
)
UPDATE "kasir_payment" SET "discount_applog_id" = one_each.applog_id
  FROM one_each WHERE "kasir_payment"."id" = one_each.payment_id AND "kasir_payment"."discount_applog_id" IS NULL;
--> statement-breakpoint
-- 5. The approval a payment used must be an approved discount request of the same visit (trigger: a CHECK cannot
--    read another table).
CREATE OR REPLACE FUNCTION kasir_payment_discount_applog_chk() RETURNS trigger AS $$
BEGIN
  IF NEW."discount_applog_id" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."discount_applog_id" IS DISTINCT FROM OLD."discount_applog_id") THEN
    IF TG_OP = 'UPDATE' AND OLD."discount_applog_id" IS NOT NULL THEN
      RAISE EXCEPTION 'A payment''s discount approval cannot change' USING ERRCODE = '23514';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "applog" a WHERE a."id" = NEW."discount_applog_id" AND a."kind" = 'request'
        AND a."action" = 'kasir.discount' AND a."status" = 1 AND a."entity" = 'visit' AND a."entity_id" = NEW."visit_id") THEN
      RAISE EXCEPTION 'discount approval % is not an approved discount of this visit', NEW."discount_applog_id" USING ERRCODE = '23514';
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD."discount_applog_id" IS NOT NULL AND NEW."discount_applog_id" IS NULL THEN
    RAISE EXCEPTION 'A payment''s discount approval cannot be released' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER kasir_payment_discount_applog_trg BEFORE INSERT OR UPDATE OF "discount_applog_id" ON "kasir_payment"
  FOR EACH ROW EXECUTE FUNCTION kasir_payment_discount_applog_chk();
