CREATE TABLE "sharing_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"visit_id" integer,
	"payment_id" integer NOT NULL,
	"payment_line_id" bigint,
	"perawatan_id" integer,
	"qty" integer DEFAULT 1 NOT NULL,
	"membership_id" integer,
	"rule_id" integer,
	"kind" varchar(10),
	"value" bigint,
	"basis" varchar(20),
	"basis_amount" bigint NOT NULL,
	"min_fee" bigint,
	"share" bigint NOT NULL,
	"payable" bigint NOT NULL,
	"tax_base_kind" varchar(12) DEFAULT 'share' NOT NULL,
	"tax_base" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"run_id" integer,
	"clawback_of" integer,
	"service_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sharing_line_status_ck" CHECK ("sharing_line"."status" in ('waiting', 'payable', 'paid', 'clawed_back', 'cancelled')),
	CONSTRAINT "sharing_line_payable_ck" CHECK (("sharing_line"."share" >= 0 and "sharing_line"."payable" between 0 and "sharing_line"."share") or ("sharing_line"."share" < 0 and "sharing_line"."payable" = "sharing_line"."share"))
);
--> statement-breakpoint
CREATE TABLE "sharing_release" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sharing_release_amount_ck" CHECK ("sharing_release"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sharing_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer,
	"doctor_id" integer,
	"perawatan_id" integer,
	"kind" varchar(10) NOT NULL,
	"value" bigint NOT NULL,
	"basis" varchar(20) NOT NULL,
	"min_fee" bigint,
	"tax_base" varchar(12) DEFAULT 'share' NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"note" text,
	"replaces_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sharing_rule_kind_ck" CHECK ("sharing_rule"."kind" in ('percent', 'amount')),
	CONSTRAINT "sharing_rule_value_ck" CHECK ("sharing_rule"."value" >= 0 and ("sharing_rule"."kind" <> 'percent' or "sharing_rule"."value" <= 10000)),
	CONSTRAINT "sharing_rule_basis_ck" CHECK ("sharing_rule"."basis" in ('list_price', 'after_discount', 'after_discount_bhp')),
	CONSTRAINT "sharing_rule_tax_base_ck" CHECK ("sharing_rule"."tax_base" in ('share', 'patient_fee')),
	CONSTRAINT "sharing_rule_min_fee_ck" CHECK ("sharing_rule"."min_fee" is null or "sharing_rule"."min_fee" >= 0),
	CONSTRAINT "sharing_rule_dates_ck" CHECK ("sharing_rule"."effective_to" is null or "sharing_rule"."effective_to" >= "sharing_rule"."effective_from")
);
--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_payment_id_kasir_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_line" ADD CONSTRAINT "sharing_line_rule_id_sharing_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sharing_rule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_release" ADD CONSTRAINT "sharing_release_line_id_sharing_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."sharing_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_release" ADD CONSTRAINT "sharing_release_payment_id_kasir_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rule" ADD CONSTRAINT "sharing_rule_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rule" ADD CONSTRAINT "sharing_rule_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rule" ADD CONSTRAINT "sharing_rule_perawatan_id_perawatan_id_fk" FOREIGN KEY ("perawatan_id") REFERENCES "public"."perawatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rule" ADD CONSTRAINT "sharing_rule_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sharing_line_doctor_idx" ON "sharing_line" USING btree ("profile_id","doctor_id","service_date");--> statement-breakpoint
CREATE INDEX "sharing_line_payment_idx" ON "sharing_line" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sharing_line_membership_idx" ON "sharing_line" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "sharing_release_payment_idx" ON "sharing_release" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sharing_release_line_idx" ON "sharing_release" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "sharing_rule_lookup_idx" ON "sharing_rule" USING btree ("perawatan_id","doctor_id");--> statement-breakpoint
-- Two rules of the same doctor, treatment and branch (NULLs equal: 'every') whose dates overlap are refused. The
-- advisory lock serialises every write of a rule, so two concurrent inserts cannot both see no overlap.
CREATE OR REPLACE FUNCTION sharing_rule_no_overlap() RETURNS trigger AS $$
DECLARE
  other integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sharing_rule', 7));
  SELECT r.id INTO other FROM sharing_rule r
   WHERE r.id <> NEW.id
     AND r.doctor_id IS NOT DISTINCT FROM NEW.doctor_id
     AND r.perawatan_id IS NOT DISTINCT FROM NEW.perawatan_id
     AND r.profile_id IS NOT DISTINCT FROM NEW.profile_id
     AND daterange(r.effective_from, r.effective_to, '[]') && daterange(NEW.effective_from, NEW.effective_to, '[]')
   LIMIT 1;
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'Aturan sharing bertumpuk dengan aturan % pada tanggal berlakunya', other
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'sharing_rule_no_overlap';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sharing_rule_no_overlap_trg BEFORE INSERT OR UPDATE ON sharing_rule
  FOR EACH ROW EXECUTE FUNCTION sharing_rule_no_overlap();
--> statement-breakpoint
-- Today's fixed doctor_share of each treatment becomes an amount rule: that treatment (in its branch), every doctor,
-- on the list price, from 2000-01-01 with no end.
INSERT INTO sharing_rule (profile_id, doctor_id, perawatan_id, kind, value, basis, min_fee, tax_base, effective_from, note)
SELECT p.profile_id, NULL, p.id, 'amount', p.doctor_share, 'list_price', NULL, 'share', '2000-01-01',
       'Dari jasa dokter master tindakan (migrasi 0053)'
  FROM perawatan p WHERE p.doctor_share > 0;
