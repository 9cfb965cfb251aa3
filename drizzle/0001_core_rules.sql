-- Roles and top-level roles (ids fixed in packages/shared/src/access.ts).
INSERT INTO "role" ("id", "name", "label") VALUES
  (1, 'customer', 'Pasien'), (2, 'dokter', 'Dokter'), (3, 'admin', 'Admin'), (4, 'manager', 'Manager'),
  (5, 'finance', 'Finance'), (6, 'inventory', 'Inventory'), (7, 'multimedia', 'Multimedia'), (8, 'perawat', 'Perawat'),
  (9, 'apoteker', 'Apoteker'), (10, 'investor', 'Investor'), (11, 'superadmin', 'Superadmin');
--> statement-breakpoint
INSERT INTO "role_toplevel" ("id", "name", "label") VALUES
  (1, 'owner', 'Owner'), (2, 'developer', 'Developer'), (3, 'managerhr', 'Manager HR'), (4, 'manageroperational', 'Manager Operational');
--> statement-breakpoint
-- The audit log is append-only (ARCHITECTURE rule 9): no UPDATE, no DELETE, whoever asks.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_status_chk" CHECK ("status" IN (0, 1));
