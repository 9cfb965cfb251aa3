-- Issue 28 items 4 and 5: expense categories mapped to expense accounts, the accounts they and the PPh badan
-- regimes post to, and the rules of the expense tables (modules/finance/expenses, modules/finance/taxes).
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal", "parent_id")
  SELECT v.code, v.name, v.category, false, v.normal, p."id" FROM (VALUES
    ('1170', 'PPh Pasal 25 Dibayar Dimuka', 1, 'D', '1100'),
    ('6111', 'Beban Transportasi', 6, 'D', '6100')
  ) AS v(code, name, category, normal, parent) JOIN "akun" p ON p."code" = v.parent
  ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "expense_category" ("code", "name", "akun_id")
  SELECT v.code, v.name, a."id" FROM (VALUES
    ('sewa', 'Sewa', '6103'),
    ('utilitas', 'Listrik, Air & Utilitas', '6104'),
    ('atk', 'ATK & Perlengkapan Kantor', '6107'),
    ('pemeliharaan', 'Pemeliharaan & Perbaikan', '6108'),
    ('transport', 'Transportasi', '6111'),
    ('pemasaran', 'Pemasaran', '6106'),
    ('administrasi', 'Umum & Administrasi', '6110'),
    ('bank', 'Administrasi Bank', '8101'),
    ('lain', 'Lain-lain', '8103')
  ) AS v(code, name, akun) JOIN "akun" a ON a."code" = v.akun
  ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "expense_category" ADD CONSTRAINT "expense_category_status_check" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "expense_setting" ADD CONSTRAINT "expense_setting_limits_check"
  CHECK ("proof_limit" >= 0 AND "approval_limit" >= "proof_limit");
--> statement-breakpoint
-- An expense is paid from a method or owed to a party, never both nor neither; posted ones have their journal.
ALTER TABLE "expense" ADD CONSTRAINT "expense_rules_check" CHECK (
  "amount" > 0
  AND "status" IN ('pending', 'posted', 'reversed')
  AND (("payment_method_id" IS NOT NULL) <> ("party_type" IS NOT NULL))
  AND ("party_type" IS NULL OR ("party_type" IN ('vendor', 'laboratorium', 'rumahsakit', 'doctor', 'investor', 'pegawai') AND "party_name" IS NOT NULL))
  AND (("status" = 'pending') = ("jurnal_id" IS NULL))
  AND (("status" = 'reversed') = ("reversal_jurnal_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "pph_badan_setting" ADD CONSTRAINT "pph_badan_setting_check" CHECK (
  "regime" IN ('pp55', 'pph25') AND "rate_bp" BETWEEN 0 AND 10000
  AND ("regime" <> 'pph25' OR "instalment" > 0)
);
--> statement-breakpoint
ALTER TABLE "pph_badan_masa" ADD CONSTRAINT "pph_badan_masa_check" CHECK (
  "regime" IN ('pp55', 'pph25') AND "amount" >= 0 AND "masa" ~ '^\d{4}-(0[1-9]|1[0-2])$'
);
--> statement-breakpoint
-- A tax deposit (hutang_payment kind 'tax_deposit', the payables helper's table) names its tax, masa, the DJP billing
-- code (15 digits) and the bank's NTPN (16 letters or digits); one posted deposit per NTPN in a branch.
ALTER TABLE "hutang_payment" ADD CONSTRAINT "hutang_payment_tax_deposit_check" CHECK (
  "kind" <> 'tax_deposit' OR (
    "party_type" = 'pajak' AND "tax" IS NOT NULL AND "masa" ~ '^\d{4}-(0[1-9]|1[0-2])$'
    AND "billing_code" ~ '^\d{15}$' AND "ntpn" ~ '^[A-Z0-9]{16}$'
  )
);
--> statement-breakpoint
CREATE UNIQUE INDEX "hutang_payment_ntpn_idx" ON "hutang_payment" ("profile_id", "ntpn")
  WHERE "kind" = 'tax_deposit' AND "status" = 'posted';
