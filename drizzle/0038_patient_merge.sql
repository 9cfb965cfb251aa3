CREATE TABLE "patient_merge" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"survivor_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"approved_by" integer NOT NULL,
	"applog_id" integer NOT NULL,
	"moved" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_survivor_id_users_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_merged_id_users_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_merge" ADD CONSTRAINT "patient_merge_applog_id_applog_id_fk" FOREIGN KEY ("applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_merge_survivor_idx" ON "patient_merge" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "patient_merge_merged_idx" ON "patient_merge" USING btree ("merged_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merged_into_users_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_merged_into_idx" ON "users" USING btree ("merged_into") WHERE "users"."merged_into" is not null;