CREATE TABLE "reminder_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"reservation_id" integer,
	"visit_id" integer,
	"target" varchar(30) NOT NULL,
	"message" text NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"job_id" varchar(64),
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_delivery_status_chk" CHECK ("reminder_delivery"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "reminder_delivery_kind_chk" CHECK (("reminder_delivery"."kind" = 'reservation' and "reminder_delivery"."reservation_id" is not null and "reminder_delivery"."visit_id" is null) or ("reminder_delivery"."kind" = 'followup' and "reminder_delivery"."visit_id" is not null and "reminder_delivery"."reservation_id" is null)),
	CONSTRAINT "reminder_delivery_attempts_chk" CHECK ("reminder_delivery"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reminder_gateway" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"provider" varchar(20) DEFAULT 'webhook' NOT NULL,
	"url" text NOT NULL,
	"token_header" varchar(60) DEFAULT 'Authorization' NOT NULL,
	"token" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_gateway_provider_chk" CHECK ("reminder_gateway"."provider" in ('webhook'))
);
--> statement-breakpoint
ALTER TABLE "reminder_delivery" ADD CONSTRAINT "reminder_delivery_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery" ADD CONSTRAINT "reminder_delivery_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery" ADD CONSTRAINT "reminder_delivery_visit_id_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery" ADD CONSTRAINT "reminder_delivery_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_gateway" ADD CONSTRAINT "reminder_gateway_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_gateway" ADD CONSTRAINT "reminder_gateway_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_delivery_reservation_active_idx" ON "reminder_delivery" USING btree ("reservation_id") WHERE "reminder_delivery"."reservation_id" is not null and "reminder_delivery"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_delivery_visit_active_idx" ON "reminder_delivery" USING btree ("visit_id") WHERE "reminder_delivery"."visit_id" is not null and "reminder_delivery"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "reminder_delivery_profile_idx" ON "reminder_delivery" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_delivery_reservation_idx" ON "reminder_delivery" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reminder_delivery_visit_idx" ON "reminder_delivery" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_gateway_profile_idx" ON "reminder_gateway" USING btree ("profile_id");