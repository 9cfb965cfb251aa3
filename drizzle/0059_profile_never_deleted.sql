-- Issue 30 item 5: a branch is never deleted, only deactivated (status 0): its journals, visits, stock and accounts
-- keep pointing at it, and the Backoffice reports still read its history.
CREATE TRIGGER profile_no_delete BEFORE DELETE ON "profile" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
--> statement-breakpoint
CREATE TRIGGER profile_no_truncate BEFORE TRUNCATE ON "profile" FOR EACH STATEMENT EXECUTE FUNCTION service_history_keep();
