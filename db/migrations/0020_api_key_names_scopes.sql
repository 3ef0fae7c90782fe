-- Several named keys per account, each with scopes; a rotated key keeps working until expires_at; last_used_at is
-- written at most once a minute per key. Existing keys become the account's "default" key with the read scope.
ALTER TABLE "api_keys" ADD COLUMN "name" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{read}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "api_keys_one_active_per_user";--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_current_name_per_user" ON "api_keys" USING btree ("user_id","name") WHERE revoked_at is null and expires_at is null;
