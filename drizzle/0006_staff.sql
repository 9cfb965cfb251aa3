CREATE TABLE "applog" (
	"id" serial PRIMARY KEY NOT NULL,
	"logtime" timestamp with time zone DEFAULT now() NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) DEFAULT 'activity' NOT NULL,
	"action" varchar(60),
	"message" text NOT NULL,
	"note" text,
	"status" smallint,
	"reason" text,
	"url" text,
	"groupvisit" varchar(60),
	"entity" varchar(40),
	"entity_id" integer,
	"payload" jsonb,
	"assignby" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_rule" (
	"profile_id" integer NOT NULL,
	"action" varchar(60) NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"approver_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "approval_rule_profile_id_action_pk" PRIMARY KEY("profile_id","action")
);
--> statement-breakpoint
CREATE TABLE "pengumuman" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" varchar(100) NOT NULL,
	"posttime" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applog" ADD CONSTRAINT "applog_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applog" ADD CONSTRAINT "applog_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applog" ADD CONSTRAINT "applog_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule" ADD CONSTRAINT "approval_rule_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pengumuman" ADD CONSTRAINT "pengumuman_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pengumuman" ADD CONSTRAINT "pengumuman_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applog_profile_time_idx" ON "applog" USING btree ("profile_id","logtime");--> statement-breakpoint
CREATE INDEX "applog_user_idx" ON "applog" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applog_profile_status_idx" ON "applog" USING btree ("profile_id","status");--> statement-breakpoint
CREATE INDEX "pengumuman_profile_time_idx" ON "pengumuman" USING btree ("profile_id","posttime");