ALTER TABLE "rm_entry" DROP CONSTRAINT "rm_entry_kind_chk";--> statement-breakpoint
ALTER TABLE "rm_entry_version" DROP CONSTRAINT "rm_entry_version_kind_chk";--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD COLUMN "form_lab_id" integer;--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_form_lab_id_form_lab_id_fk" FOREIGN KEY ("form_lab_id") REFERENCES "public"."form_lab"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_entry" ADD CONSTRAINT "rm_entry_kind_chk" CHECK ("rm_entry"."kind" in ('soap', 'treatment', 'produk', 'bhp', 'resep', 'alergi', 'lab'));--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD CONSTRAINT "rm_entry_version_kind_chk" CHECK (case "rm_entry_version"."kind"
        when 'treatment' then "rm_entry_version"."perawatan_id" is not null and "rm_entry_version"."doctor_id" is not null and "rm_entry_version"."qty" >= 1 and "rm_entry_version"."price" >= 0 and "rm_entry_version"."doctor_share" >= 0
        when 'produk' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1 and "rm_entry_version"."price" >= 0
        when 'bhp' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1
        when 'resep' then "rm_entry_version"."item_id" is not null and "rm_entry_version"."qty" >= 1 and length(trim(coalesce("rm_entry_version"."signa", ''))) > 0
        when 'alergi' then length(trim(coalesce("rm_entry_version"."allergen", ''))) > 0
        when 'lab' then "rm_entry_version"."form_lab_id" is not null and "rm_entry_version"."qty" >= 1 and "rm_entry_version"."price" >= 0
        else true end);