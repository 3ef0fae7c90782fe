CREATE TABLE "unlock_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hexagons" jsonb NOT NULL,
	"missing" jsonb NOT NULL,
	"allowance_used" integer NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unlock_quotes" ADD CONSTRAINT "unlock_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_quotes" ADD CONSTRAINT "unlock_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unlock_quotes_user_idx" ON "unlock_quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unlock_quotes_order_idx" ON "unlock_quotes" USING btree ("order_id");