CREATE TABLE "rm_sick_letter" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"days" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"diagnosis" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rm_sick_letter_days_chk" CHECK ("rm_sick_letter"."days" between 1 and 30),
	CONSTRAINT "rm_sick_letter_dates_chk" CHECK ("rm_sick_letter"."end_date" = "rm_sick_letter"."start_date" + ("rm_sick_letter"."days" - 1)),
	CONSTRAINT "rm_sick_letter_doctor_chk" CHECK ("rm_sick_letter"."created_by" = "rm_sick_letter"."doctor_id")
);
--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_record_id_rm_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."rm_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_sick_letter" ADD CONSTRAINT "rm_sick_letter_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rm_sick_letter_visit_idx" ON "rm_sick_letter" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rm_sick_letter_profile_code_idx" ON "rm_sick_letter" USING btree ("profile_id","code");--> statement-breakpoint
CREATE INDEX "rm_sick_letter_profile_idx" ON "rm_sick_letter" USING btree ("profile_id");