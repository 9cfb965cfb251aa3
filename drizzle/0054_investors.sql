CREATE TABLE "deviden_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"applog_id" integer,
	"jurnal_id" integer,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deviden_run_status_chk" CHECK ("deviden_run"."status" in ('pending','approved')),
	CONSTRAINT "deviden_run_period_chk" CHECK ("deviden_run"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "deviden_run_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"setting_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"basis" varchar(20) NOT NULL,
	"perawatan_id" integer,
	"qty" integer DEFAULT 0 NOT NULL,
	"basis_amount" bigint DEFAULT 0 NOT NULL,
	"percent_bp" integer,
	"unit_amount" bigint,
	"gross" bigint DEFAULT 0 NOT NULL,
	"tax_kind" varchar(10),
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"investor_snapshot" jsonb NOT NULL,
	CONSTRAINT "deviden_run_line_money_chk" CHECK ("deviden_run_line"."gross" >= 0 and "deviden_run_line"."tax" >= 0 and "deviden_run_line"."net" = "deviden_run_line"."gross" - "deviden_run_line"."tax")
);
--> statement-breakpoint
CREATE TABLE "deviden_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"basis" varchar(20) NOT NULL,
	"perawatan_id" integer,
	"percent_bp" integer,
	"amount" bigint,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"note" varchar(255),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deviden_setting_basis_chk" CHECK ("deviden_setting"."basis" in ('profit','revenue','procedure')),
	CONSTRAINT "deviden_setting_shape_chk" CHECK (("deviden_setting"."basis" = 'procedure' and "deviden_setting"."perawatan_id" is not null and ("deviden_setting"."percent_bp" is null) <> ("deviden_setting"."amount" is null))
        or ("deviden_setting"."basis" <> 'procedure' and "deviden_setting"."perawatan_id" is null and "deviden_setting"."percent_bp" is not null and "deviden_setting"."amount" is null)),
	CONSTRAINT "deviden_setting_percent_chk" CHECK ("deviden_setting"."percent_bp" is null or "deviden_setting"."percent_bp" between 0 and 10000),
	CONSTRAINT "deviden_setting_amount_chk" CHECK ("deviden_setting"."amount" is null or "deviden_setting"."amount" >= 0),
	CONSTRAINT "deviden_setting_dates_chk" CHECK ("deviden_setting"."effective_to" is null or "deviden_setting"."effective_to" >= "deviden_setting"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "investor" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"party_type" varchar(20) NOT NULL,
	"name" varchar(150) NOT NULL,
	"nik" varchar(16),
	"npwp" varchar(16),
	"country" varchar(60),
	"address" varchar(255),
	"phone" varchar(30),
	"bank_name" varchar(60),
	"bank_account" varchar(40),
	"bank_holder" varchar(150),
	"tax_treatment" varchar(20) NOT NULL,
	"user_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_kind_chk" CHECK ("investor"."kind" in ('investor','rumahsakit','laboratorium','partner')),
	CONSTRAINT "investor_party_type_chk" CHECK ("investor"."party_type" in ('individual','company','foreign')),
	CONSTRAINT "investor_tax_treatment_chk" CHECK ("investor"."tax_treatment" in ('dividend','interest','equipment_rent','partnership')),
	CONSTRAINT "investor_nik_chk" CHECK ("investor"."nik" is null or "investor"."nik" ~ '^[0-9]{16}$'),
	CONSTRAINT "investor_npwp_chk" CHECK ("investor"."npwp" is null or "investor"."npwp" ~ '^[0-9]{15,16}$')
);
--> statement-breakpoint
ALTER TABLE "deviden_run" ADD CONSTRAINT "deviden_run_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run" ADD CONSTRAINT "deviden_run_applog_id_applog_id_fk" FOREIGN KEY ("applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run" ADD CONSTRAINT "deviden_run_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run" ADD CONSTRAINT "deviden_run_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run" ADD CONSTRAINT "deviden_run_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run_line" ADD CONSTRAINT "deviden_run_line_run_id_deviden_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."deviden_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run_line" ADD CONSTRAINT "deviden_run_line_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run_line" ADD CONSTRAINT "deviden_run_line_setting_id_deviden_setting_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."deviden_setting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run_line" ADD CONSTRAINT "deviden_run_line_investor_id_investor_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_run_line" ADD CONSTRAINT "deviden_run_line_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_setting" ADD CONSTRAINT "deviden_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_setting" ADD CONSTRAINT "deviden_setting_investor_id_investor_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_setting" ADD CONSTRAINT "deviden_setting_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviden_setting" ADD CONSTRAINT "deviden_setting_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor" ADD CONSTRAINT "investor_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor" ADD CONSTRAINT "investor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor" ADD CONSTRAINT "investor_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deviden_run_profile_period_uq" ON "deviden_run" USING btree ("profile_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "deviden_run_line_setting_period_uq" ON "deviden_run_line" USING btree ("setting_id","period");--> statement-breakpoint
CREATE INDEX "deviden_run_line_run_idx" ON "deviden_run_line" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "deviden_run_line_investor_idx" ON "deviden_run_line" USING btree ("investor_id","period");--> statement-breakpoint
CREATE INDEX "deviden_setting_investor_idx" ON "deviden_setting" USING btree ("investor_id","effective_from");--> statement-breakpoint
CREATE INDEX "deviden_setting_profile_idx" ON "deviden_setting" USING btree ("profile_id","effective_from");--> statement-breakpoint
CREATE INDEX "investor_profile_name_idx" ON "investor" USING btree ("profile_id","name");--> statement-breakpoint
CREATE INDEX "investor_user_idx" ON "investor" USING btree ("user_id");--> statement-breakpoint
-- Issue 29 part B: two deviden settings of one investor for the same target (the branch's profit/revenue, or one
-- procedure) may not be in force on the same day. The advisory lock per investor serialises concurrent inserts.
CREATE FUNCTION deviden_setting_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(290540, NEW.investor_id);
  IF NEW.status = 1 AND EXISTS (
    SELECT 1 FROM deviden_setting s
    WHERE s.id <> NEW.id AND s.status = 1 AND s.investor_id = NEW.investor_id AND s.profile_id = NEW.profile_id
      AND coalesce(s.perawatan_id, 0) = coalesce(NEW.perawatan_id, 0)
      AND (s.basis = 'procedure') = (NEW.basis = 'procedure')
      AND s.effective_from <= coalesce(NEW.effective_to, DATE '9999-12-31')
      AND NEW.effective_from <= coalesce(s.effective_to, DATE '9999-12-31')
  ) THEN
    RAISE EXCEPTION 'Pengaturan deviden investor ini bertumpang tindih dengan pengaturan lain yang berlaku pada tanggal yang sama'
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deviden_setting_no_overlap BEFORE INSERT OR UPDATE ON "deviden_setting"
  FOR EACH ROW EXECUTE FUNCTION deviden_setting_no_overlap();
--> statement-breakpoint
-- Accounts a distribution posts to: interest on a loan, a partner's profit share, PPh 26 withheld from foreign parties.
INSERT INTO "akun" ("code", "name", "category", "isheader", "normal", "parent_id")
  SELECT v.code, v.name, v.category, false, v.normal, p."id" FROM (VALUES
    ('2206', 'Hutang PPh 26', 2, 'K', '2200'),
    ('6112', 'Beban Bagi Hasil Mitra', 6, 'D', '6100'),
    ('8104', 'Beban Bunga Pinjaman', 8, 'D', '8000')
  ) AS v(code, name, category, normal, parent) JOIN "akun" p ON p."code" = v.parent
  WHERE NOT EXISTS (SELECT 1 FROM "akun" a WHERE a."code" = v.code);
--> statement-breakpoint
UPDATE "akun" SET "payable_party" = 'pajak', "payable_tax" = 'pph_investor' WHERE "code" = '2206';
--> statement-breakpoint
-- Automatic-journal keys of the distribution runs (AUTOPOST_KEYS), for every branch now and every branch created later.
CREATE FUNCTION deviden_autoposting_seed(branch integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "finance_autoposting" ("profile_id", "key", "akun_id", "effective_from")
  SELECT branch, v.key, a.id, DATE '2000-01-01'
  FROM (VALUES
    ('dividenDibagikan', '3102'),
    ('bebanSewaAlat', '6103'),
    ('bebanBagiHasilMitra', '6112'),
    ('bebanBungaPinjaman', '8104'),
    ('hutangPph26', '2206')
  ) AS v(key, code) JOIN "akun" a ON a."code" = v.code
  WHERE NOT EXISTS (SELECT 1 FROM "finance_autoposting" f WHERE f.profile_id = branch AND f.key = v.key);
END;
$$;
--> statement-breakpoint
SELECT deviden_autoposting_seed(id) FROM "profile";
--> statement-breakpoint
CREATE FUNCTION profile_deviden_autoposting_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deviden_autoposting_seed(NEW.id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profile_deviden_autoposting_defaults AFTER INSERT ON "profile"
  FOR EACH ROW EXECUTE FUNCTION profile_deviden_autoposting_defaults();
