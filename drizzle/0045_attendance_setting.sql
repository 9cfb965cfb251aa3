CREATE TABLE "attendance_setting" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"punch_import_max_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_setting_days_check" CHECK ("attendance_setting"."punch_import_max_days" between 1 and 62)
);
--> statement-breakpoint
ALTER TABLE "attendance_setting" ADD CONSTRAINT "attendance_setting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_setting" ADD CONSTRAINT "attendance_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;