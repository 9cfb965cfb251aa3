-- Issue 25: sick-leave letters are kept as issued (never changed nor deleted), and stored privileges follow the
-- clinical rules of packages/shared/src/module-access.ts (CLINICAL_WRITE_ROLES, RM_READ_ROLES): clinical entries
-- are written by clinicians only, and no account keeps a right on clinical data its role may not read.
CREATE TRIGGER rm_sick_letter_append_only BEFORE UPDATE OR DELETE ON "rm_sick_letter" FOR EACH ROW EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
CREATE TRIGGER rm_sick_letter_no_truncate BEFORE TRUNCATE ON "rm_sick_letter" FOR EACH STATEMENT EXECUTE FUNCTION rm_append_only();
--> statement-breakpoint
-- Roles outside the record roles (finance 5, inventory 6, investor 10, superadmin 11, patients 1) hold no clinical
-- right; top-level users pass every check and are left alone. Superadmin also loses RM_FOTOPROGRES (its new defaults).
DELETE FROM "user_privilege" p USING "users" u
 WHERE u.id = p.user_id AND coalesce(u.roletoplevel, 0) = 0 AND u.role IN (1, 5, 6, 10, 11)
   AND (p.fiturcode IN ('RM_DOKUMEN', 'RM_TREATMENT', 'RM_PRODUK', 'RM_BHP', 'RM_RESEP', 'RM_PERBAIKAN')
        OR (u.role = 11 AND p.fiturcode = 'RM_FOTOPROGRES'));
--> statement-breakpoint
-- Writing SOAP, treatments, products and consumables: dokter 2 and perawat 8; prescriptions and corrections: dokter.
-- Others keep reading what they read.
UPDATE "user_privilege" p SET iscanmanage = false, iscanread = true FROM "users" u
 WHERE u.id = p.user_id AND coalesce(u.roletoplevel, 0) = 0 AND p.iscanmanage
   AND ((p.fiturcode IN ('RM_DOKUMEN', 'RM_TREATMENT', 'RM_PRODUK', 'RM_BHP') AND u.role NOT IN (2, 8))
        OR (p.fiturcode IN ('RM_RESEP', 'RM_PERBAIKAN') AND u.role <> 2));
