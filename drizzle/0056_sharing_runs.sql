CREATE TABLE "sharing_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"cutoff" date NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"doctors" jsonb,
	"applog_id" integer,
	"jurnal_id" integer,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sharing_run_status_ck" CHECK ("sharing_run"."status" in ('open', 'approved')),
	CONSTRAINT "sharing_run_period_ck" CHECK ("sharing_run"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "sharing_run_exclusion" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sharing_run" ADD CONSTRAINT "sharing_run_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run" ADD CONSTRAINT "sharing_run_applog_id_applog_id_fk" FOREIGN KEY ("applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run" ADD CONSTRAINT "sharing_run_jurnal_id_jurnal_id_fk" FOREIGN KEY ("jurnal_id") REFERENCES "public"."jurnal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run" ADD CONSTRAINT "sharing_run_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run" ADD CONSTRAINT "sharing_run_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run_exclusion" ADD CONSTRAINT "sharing_run_exclusion_run_id_sharing_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sharing_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run_exclusion" ADD CONSTRAINT "sharing_run_exclusion_line_id_sharing_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."sharing_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_run_exclusion" ADD CONSTRAINT "sharing_run_exclusion_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sharing_run_open_uq" ON "sharing_run" USING btree ("profile_id","period") WHERE "sharing_run"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "sharing_run_exclusion_uq" ON "sharing_run_exclusion" USING btree ("run_id","line_id");