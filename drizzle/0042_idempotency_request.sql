CREATE TABLE "idempotency_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"key" varchar(120) NOT NULL,
	"user_id" integer NOT NULL,
	"operation" varchar(200) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_request" ADD CONSTRAINT "idempotency_request_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_request" ADD CONSTRAINT "idempotency_request_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_request_key_idx" ON "idempotency_request" USING btree ("profile_id","key");