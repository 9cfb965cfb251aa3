ALTER TABLE "form_lab" ADD COLUMN "partner_type" varchar(20);--> statement-breakpoint
ALTER TABLE "form_lab" ADD COLUMN "partner_name" varchar(150);--> statement-breakpoint
ALTER TABLE "form_lab" ADD COLUMN "partner_cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_lab" ADD CONSTRAINT "form_lab_partner_chk" CHECK (("form_lab"."partner_type" is null and "form_lab"."partner_name" is null and "form_lab"."partner_cost" = 0)
        or ("form_lab"."partner_type" in ('laboratorium', 'rumahsakit') and length(trim(coalesce("form_lab"."partner_name", ''))) > 0 and "form_lab"."partner_cost" >= 0));