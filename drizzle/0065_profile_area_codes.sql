ALTER TABLE "profile" ADD COLUMN "provincy_code" varchar(2);--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "city_code" varchar(5);--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "kecamatan_code" varchar(8);--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "desa_code" varchar(13);--> statement-breakpoint
-- Each level lies inside the one above (the codes are the wilayah module's dotted codes); the server checks the codes
-- exist in the official lists, the database that the chain holds.
ALTER TABLE "profile" ADD CONSTRAINT "profile_area_chain" CHECK (
  ("city_code" IS NULL OR ("provincy_code" IS NOT NULL AND "city_code" LIKE "provincy_code" || '.%'))
  AND ("kecamatan_code" IS NULL OR ("city_code" IS NOT NULL AND "kecamatan_code" LIKE "city_code" || '.%'))
  AND ("desa_code" IS NULL OR ("kecamatan_code" IS NOT NULL AND "desa_code" LIKE "kecamatan_code" || '.%'))
);
