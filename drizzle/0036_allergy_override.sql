ALTER TABLE "item" ADD COLUMN "generic_name" varchar(200);--> statement-breakpoint
ALTER TABLE "rm_entry_version" ADD COLUMN "allergy_override" text;--> statement-breakpoint
ALTER TABLE "dispensing_item" ADD COLUMN "allergy_override" text;