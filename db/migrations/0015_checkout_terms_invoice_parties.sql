ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "terms_consents" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "terms_consents" ADD CONSTRAINT "terms_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_consents_order_idx" ON "terms_consents" USING btree ("order_id");
