CREATE TABLE "finance_autoposting" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"akun_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jurnal_detail" ADD COLUMN "autopost_key" varchar(40);--> statement-breakpoint
ALTER TABLE "finance_autoposting" ADD CONSTRAINT "finance_autoposting_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_autoposting" ADD CONSTRAINT "finance_autoposting_akun_id_akun_id_fk" FOREIGN KEY ("akun_id") REFERENCES "public"."akun"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_autoposting" ADD CONSTRAINT "finance_autoposting_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_autoposting_lookup_idx" ON "finance_autoposting" USING btree ("profile_id","key","effective_from");