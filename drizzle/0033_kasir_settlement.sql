ALTER TABLE "kasir_payment" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD COLUMN "settled" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD COLUMN "refund_session_id" integer;--> statement-breakpoint
ALTER TABLE "kasir_payment" ADD CONSTRAINT "kasir_payment_parent_id_kasir_payment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."kasir_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kasir_void" ADD CONSTRAINT "kasir_void_refund_session_id_kasir_session_id_fk" FOREIGN KEY ("refund_session_id") REFERENCES "public"."kasir_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kasir_payment_parent_idx" ON "kasir_payment" USING btree ("parent_id");