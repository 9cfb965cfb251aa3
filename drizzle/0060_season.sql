CREATE TABLE "season" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"start_at" date NOT NULL,
	"end_at" date NOT NULL,
	"revenue_target" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_dates_check" CHECK ("season"."end_at" >= "season"."start_at"),
	CONSTRAINT "season_target_check" CHECK ("season"."revenue_target" >= 0),
	CONSTRAINT "season_status_check" CHECK ("season"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "season_branch" (
	"season_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "season_branch_season_id_profile_id_pk" PRIMARY KEY("season_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "paket_type" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "season" ADD CONSTRAINT "season_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_branch" ADD CONSTRAINT "season_branch_season_id_season_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."season"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_branch" ADD CONSTRAINT "season_branch_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_type" ADD CONSTRAINT "paket_type_season_id_season_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."season"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 30 item 6): at most one ACTIVE season per branch on any day. Checked after every write of a
-- season or of its branches, under one advisory lock, so two requests activating overlapping seasons of a branch
-- at once are decided one after the other: the second sees the first and is refused (SQLSTATE 23P01).
CREATE OR REPLACE FUNCTION season_one_active() RETURNS trigger AS $$
DECLARE
  sid integer;
  other integer;
  branch integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('season', 7));
  IF TG_TABLE_NAME = 'season' THEN sid := NEW.id; ELSE sid := NEW.season_id; END IF;
  SELECT o.id, b.profile_id INTO other, branch
    FROM season s
    JOIN season_branch b ON b.season_id = s.id
    JOIN season_branch ob ON ob.profile_id = b.profile_id AND ob.season_id <> s.id
    JOIN season o ON o.id = ob.season_id
   WHERE s.id = sid AND s.status = 1 AND o.status = 1
     AND daterange(s.start_at, s.end_at, '[]') && daterange(o.start_at, o.end_at, '[]')
   LIMIT 1;
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'Musim promo aktif % sudah berjalan di cabang % pada tanggal itu', other, branch
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'season_one_active';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER season_one_active_trg AFTER INSERT OR UPDATE ON season
  FOR EACH ROW EXECUTE FUNCTION season_one_active();
--> statement-breakpoint
CREATE TRIGGER season_branch_one_active_trg AFTER INSERT OR UPDATE ON season_branch
  FOR EACH ROW EXECUTE FUNCTION season_one_active();
