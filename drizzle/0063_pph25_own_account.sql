-- Issue 28 (branch w28): account code 1170 is 'Piutang Antar Cabang' (0028, inventory transfers); 0049 meant to seed
-- 'PPh Pasal 25 Dibayar Dimuka' under the same code and its insert was skipped (ON CONFLICT DO NOTHING), so the PPh 25
-- instalments were debited to the inter-branch receivable. PPh 25 paid in advance gets its own code, 1180.
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal", "parent_id")
  SELECT '1180', 'PPh Pasal 25 Dibayar Dimuka', 1, false, 'D', p."id" FROM "akun" p WHERE p."code" = '1100'
  ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
-- A database where 1170 somehow carries the PPh 25 name gets its meaning of 0028 back (transfers post to it).
UPDATE "akun" SET "name" = 'Piutang Antar Cabang' WHERE "code" = '1170' AND "name" <> 'Piutang Antar Cabang';
