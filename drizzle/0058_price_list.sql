CREATE TABLE "price_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"code" varchar(50) NOT NULL,
	"profile_id" integer,
	"effective_at" date NOT NULL,
	"price" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "price_list_kind_check" CHECK ("price_list"."kind" in ('treatment', 'item')),
	CONSTRAINT "price_list_price_check" CHECK ("price_list"."price" >= 0),
	CONSTRAINT "price_list_status_check" CHECK ("price_list"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_lookup_idx" ON "price_list" USING btree ("kind","code","profile_id","effective_at");--> statement-breakpoint
-- Hand-written (issue 30 item 3): one live price per thing, branch (NULL = base) and date; a rejected or withdrawn
-- row (status 2) stays as history and does not block a new one. Two requests racing for the same slot: one wins.
CREATE UNIQUE INDEX "price_list_live_slot_idx" ON "price_list" ("kind", "code", coalesce("profile_id", 0), "effective_at") WHERE "status" <> 2;
--> statement-breakpoint
-- Today's master prices become the initial, approved price list (in force since 2000-01-01): per code, the price
-- most branches ask is the base (a tie: the lower price) and a branch asking another price gets an override, so no
-- branch's price changes.
WITH m AS (
  SELECT 'treatment'::varchar AS kind, upper(code) AS code, profile_id, price FROM perawatan
  UNION ALL
  SELECT 'item'::varchar, upper(code), profile_id, selling_price FROM item
), counted AS (
  SELECT kind, code, price, count(*) AS n FROM m GROUP BY kind, code, price
), base AS (
  SELECT DISTINCT ON (kind, code) kind, code, price FROM counted ORDER BY kind, code, n DESC, price
), overrides AS (
  SELECT DISTINCT ON (m.kind, m.code, m.profile_id) m.kind, m.code, m.profile_id, m.price
    FROM m JOIN base b ON b.kind = m.kind AND b.code = m.code
   WHERE m.price <> b.price
   ORDER BY m.kind, m.code, m.profile_id, m.price
), rows AS (
  SELECT kind, code, NULL::integer AS profile_id, price FROM base
  UNION ALL
  SELECT kind, code, profile_id, price FROM overrides
)
INSERT INTO "price_list" ("kind", "code", "profile_id", "effective_at", "price", "status", "note", "decided_at")
SELECT kind, code, profile_id, DATE '2000-01-01', price, 1, 'Harga master saat daftar harga dibuat', now() FROM rows;
