ALTER TABLE "form_lab" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "form_lab" ADD CONSTRAINT "form_lab_partner_id_investor_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."investor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_lab" ADD CONSTRAINT "form_lab_partner_id_chk" CHECK ("form_lab"."partner_id" is null or "form_lab"."partner_type" is not null);--> statement-breakpoint
-- Issue 28 (branch w28): a form sent outside names its laboratory or hospital from the outside-party master (investor
-- rows of kind 'laboratorium'/'rumahsakit'). A name-only partner saved before links to the one row of its branch with
-- the same kind and name; without exactly one such row it stays name-only until the form is saved again.
UPDATE "form_lab" f SET "partner_id" = m."id"
  FROM (
    SELECT fl."id" AS form_id, min(i."id") AS id
      FROM "form_lab" fl
      JOIN "investor" i ON i."profile_id" = fl."profile_id" AND i."kind" = fl."partner_type"
        AND lower(trim(i."name")) = lower(trim(fl."partner_name"))
     WHERE fl."partner_id" IS NULL AND fl."partner_type" IS NOT NULL
     GROUP BY fl."id"
    HAVING count(*) = 1
  ) m
 WHERE f."id" = m.form_id;
