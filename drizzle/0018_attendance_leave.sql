CREATE TABLE "attendance_leave" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "attendance_leave_kind_chk" CHECK ("attendance_leave"."kind" in ('cuti','sakit','izin'))
);
--> statement-breakpoint
ALTER TABLE "attendance_leave" ADD CONSTRAINT "attendance_leave_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_leave" ADD CONSTRAINT "attendance_leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_leave" ADD CONSTRAINT "attendance_leave_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_leave" ADD CONSTRAINT "attendance_leave_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_leave_active_idx" ON "attendance_leave" USING btree ("user_id","date") WHERE "attendance_leave"."status" = 1;--> statement-breakpoint
CREATE INDEX "attendance_leave_profile_date_idx" ON "attendance_leave" USING btree ("profile_id","date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_leave_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Data cuti, sakit atau izin tidak dapat dihapus; batalkan saja';
END $$;--> statement-breakpoint
CREATE TRIGGER attendance_leave_no_delete BEFORE DELETE ON attendance_leave FOR EACH ROW EXECUTE FUNCTION attendance_leave_no_delete();
