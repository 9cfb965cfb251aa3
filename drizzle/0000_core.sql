CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"action" varchar(60) NOT NULL,
	"entity" varchar(60) NOT NULL,
	"entity_id" varchar(60),
	"before" jsonb,
	"after" jsonb,
	"request_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "doc_counter" (
	"profile_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"period" varchar(10) DEFAULT '' NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "doc_counter_profile_id_kind_period_pk" PRIMARY KEY("profile_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(200) NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" text,
	"city" varchar(100),
	"phone" varchar(30),
	"email" varchar(150),
	"logo" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"timezone" varchar(40) DEFAULT 'Asia/Jakarta' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"label" varchar(80) NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_toplevel" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"label" varchar(80) NOT NULL,
	CONSTRAINT "role_toplevel_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_privilege" (
	"user_id" integer NOT NULL,
	"fiturcode" varchar(40) NOT NULL,
	"iscanread" boolean DEFAULT false NOT NULL,
	"iscanmanage" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_privilege_user_id_fiturcode_pk" PRIMARY KEY("user_id","fiturcode")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" integer NOT NULL,
	"roletoplevel" integer DEFAULT 0 NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" text,
	"name" varchar(150) NOT NULL,
	"medisname" varchar(150),
	"initial" varchar(10) DEFAULT '' NOT NULL,
	"avatar" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"gender" smallint,
	"marital" smallint,
	"birth_place" varchar(100),
	"birth_date" date,
	"join_at" date,
	"idcard" varchar(16),
	"ihs_number" varchar(50),
	"attendance_code" varchar(50),
	"phone" varchar(30),
	"email" varchar(150),
	"instagram" varchar(60),
	"address" text,
	"desa" varchar(100),
	"kecamatan" varchar(100),
	"city" varchar(100),
	"provincy" varchar(100),
	"postalcode" varchar(10),
	"note" text,
	"membership_level_id" integer,
	"wali_name" varchar(150),
	"wali_idcard" varchar(16),
	"wali_gender" smallint,
	"wali_phone" varchar(30),
	"wali_email" varchar(150),
	"wali_address" text,
	"profile_id" integer NOT NULL,
	"shift_id" integer,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privilege" ADD CONSTRAINT "user_privilege_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_role_id_fk" FOREIGN KEY ("role") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_membership_level_id_membership_level_id_fk" FOREIGN KEY ("membership_level_id") REFERENCES "public"."membership_level"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_profile_at_idx" ON "audit_log" USING btree ("profile_id","at");--> statement-breakpoint
CREATE INDEX "login_attempt_key_idx" ON "login_attempt" USING btree ("key","attempted_at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_profile_role_idx" ON "users" USING btree ("profile_id","role");--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"));