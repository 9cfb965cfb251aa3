-- Activity log: 0 requested, 1 approved, -1 rejected (requests); NULL for plain activity entries.
ALTER TABLE "applog" ADD CONSTRAINT "applog_status_chk" CHECK ("status" IS NULL OR "status" IN (-1, 0, 1));
--> statement-breakpoint
ALTER TABLE "applog" ADD CONSTRAINT "applog_kind_chk" CHECK (("kind" = 'request' AND "status" IS NOT NULL) OR ("kind" = 'activity' AND "status" IS NULL));
--> statement-breakpoint
ALTER TABLE "pengumuman" ADD CONSTRAINT "pengumuman_message_chk" CHECK (char_length(btrim("message")) BETWEEN 5 AND 100);
--> statement-breakpoint
-- A decided request is read-only, and the log keeps its history: only an open request (status 0) may change,
-- and only to a decision; nothing is deleted.
CREATE FUNCTION applog_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'applog rows are not deleted' USING ERRCODE = 'P0001';
  END IF;
  IF OLD."kind" <> 'request' OR OLD."status" IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'applog row % is read-only', OLD."id" USING ERRCODE = 'P0001';
  END IF;
  IF NEW."status" NOT IN (-1, 1) OR NEW."payload" IS DISTINCT FROM OLD."payload" OR NEW."user_id" <> OLD."user_id"
     OR NEW."profile_id" <> OLD."profile_id" OR NEW."action" IS DISTINCT FROM OLD."action" THEN
    RAISE EXCEPTION 'applog request % may only be decided', OLD."id" USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER applog_guard BEFORE UPDATE OR DELETE ON "applog" FOR EACH ROW EXECUTE FUNCTION applog_guard();
--> statement-breakpoint
-- Default approval rules for the branches that exist now (later branches use the same defaults from the code
-- until a manager saves a rule): deactivating a user and changing a user's role need a manager or superadmin.
INSERT INTO "approval_rule" ("profile_id", "action", "needs_approval", "approver_roles")
SELECT p."id", a."action", true, '["manager","superadmin"]'::jsonb
FROM "profile" p CROSS JOIN (VALUES ('user.deactivate'), ('user.change_role')) AS a("action")
ON CONFLICT DO NOTHING;
