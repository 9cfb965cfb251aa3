CREATE TABLE "doctor_practice" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"sip_number" varchar(60),
	"specialization" varchar(100),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"slot_minutes" smallint DEFAULT 30 NOT NULL,
	"capacity" smallint DEFAULT 4 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multimedia_label" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"end_time" time NOT NULL,
	"slot_capacity" smallint NOT NULL,
	"note" text,
	"status" varchar(20) DEFAULT 'booked' NOT NULL,
	"cancel_reason" text,
	"reminded_at" timestamp with time zone,
	"reminded_by" integer,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_slot" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"capacity" smallint NOT NULL,
	"booked" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_closed" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"doctor_id" integer,
	"date" date NOT NULL,
	"reason" varchar(200),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"visit_date" date NOT NULL,
	"queue_number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"nurse_id" integer,
	"kind" varchar(20) NOT NULL,
	"complaint" text,
	"reservation_id" integer,
	"paket_membership_id" integer,
	"needs_multimedia" boolean DEFAULT false NOT NULL,
	"status" varchar(20) DEFAULT 'menunggu' NOT NULL,
	"called_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"follow_up_date" date,
	"follow_up_reminded_at" timestamp with time zone,
	"idempotency_key" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_multimedia" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"label_id" integer,
	"photo" text NOT NULL,
	"thumbnail" text NOT NULL,
	"width" integer,
	"height" integer,
	"upload_at" timestamp with time zone NOT NULL,
	"note" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"uploaded_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_status_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"by_user" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_practice" ADD CONSTRAINT "doctor_practice_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_practice" ADD CONSTRAINT "doctor_practice_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule" ADD CONSTRAINT "doctor_schedule_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule" ADD CONSTRAINT "doctor_schedule_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multimedia_label" ADD CONSTRAINT "multimedia_label_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_reminded_by_users_id_fk" FOREIGN KEY ("reminded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slot" ADD CONSTRAINT "reservation_slot_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slot" ADD CONSTRAINT "reservation_slot_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_closed" ADD CONSTRAINT "schedule_closed_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_closed" ADD CONSTRAINT "schedule_closed_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_closed" ADD CONSTRAINT "schedule_closed_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_nurse_id_users_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_paket_membership_id_paket_membership_id_fk" FOREIGN KEY ("paket_membership_id") REFERENCES "public"."paket_membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_label_id_multimedia_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."multimedia_label"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_status_log" ADD CONSTRAINT "visit_status_log_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_status_log" ADD CONSTRAINT "visit_status_log_by_user_users_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_practice_profile_doctor_idx" ON "doctor_practice" USING btree ("profile_id","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_schedule_profile_doctor_idx" ON "doctor_schedule" USING btree ("profile_id","doctor_id","day_of_week");--> statement-breakpoint
CREATE UNIQUE INDEX "multimedia_label_profile_name_idx" ON "multimedia_label" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_profile_code_idx" ON "reservation" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_idempotency_idx" ON "reservation" USING btree ("profile_id","idempotency_key") WHERE "reservation"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "reservation_profile_date_idx" ON "reservation" USING btree ("profile_id","date","doctor_id");--> statement-breakpoint
CREATE INDEX "reservation_customer_idx" ON "reservation" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_slot_key_idx" ON "reservation_slot" USING btree ("profile_id","doctor_id","date","time");--> statement-breakpoint
CREATE INDEX "schedule_closed_profile_date_idx" ON "schedule_closed" USING btree ("profile_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_profile_code_idx" ON "visit" USING btree ("profile_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_queue_idx" ON "visit" USING btree ("profile_id","doctor_id","visit_date","queue_number");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_reservation_idx" ON "visit" USING btree ("reservation_id") WHERE "visit"."reservation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_idempotency_idx" ON "visit" USING btree ("profile_id","idempotency_key") WHERE "visit"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "visit_profile_date_idx" ON "visit" USING btree ("profile_id","visit_date","status");--> statement-breakpoint
CREATE INDEX "visit_customer_idx" ON "visit" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "visit_multimedia_visit_idx" ON "visit_multimedia" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_multimedia_customer_idx" ON "visit_multimedia" USING btree ("profile_id","customer_id","label_id");--> statement-breakpoint
CREATE INDEX "visit_status_log_visit_idx" ON "visit_status_log" USING btree ("visit_id");