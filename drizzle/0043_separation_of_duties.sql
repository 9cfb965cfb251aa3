ALTER TABLE "applog" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD COLUMN "discount_applog_id" integer;--> statement-breakpoint
ALTER TABLE "applog" ADD CONSTRAINT "applog_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_discount_applog_id_applog_id_fk" FOREIGN KEY ("discount_applog_id") REFERENCES "public"."applog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applog_subject_idx" ON "applog" USING btree ("subject_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kasir_payment_discount_applog_idx" ON "kasir_payment" USING btree ("discount_applog_id");