CREATE TABLE "checklog_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"file_name" varchar(200),
	"line_count" integer NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklog_import_kind_chk" CHECK ("checklog_import"."kind" in ('file','text')),
	CONSTRAINT "checklog_import_count_chk" CHECK ("checklog_import"."line_count" >= 0 and "checklog_import"."imported" >= 0 and "checklog_import"."imported" <= "checklog_import"."line_count")
);
--> statement-breakpoint
ALTER TABLE "checklog" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "checklog_import" ADD CONSTRAINT "checklog_import_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklog_import" ADD CONSTRAINT "checklog_import_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklog_import_profile_idx" ON "checklog_import" USING btree ("profile_id","created_at");--> statement-breakpoint
ALTER TABLE "checklog" ADD CONSTRAINT "checklog_import_id_checklog_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."checklog_import"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION checklog_import_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Riwayat impor log absensi tidak dapat dihapus (%: %)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklog_import_no_delete BEFORE DELETE ON "checklog_import" FOR EACH ROW EXECUTE FUNCTION checklog_import_keep();
