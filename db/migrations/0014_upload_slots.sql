-- Uploads being read right now, one row each, so an account's cap holds across every instance. A row is a lease:
-- its reader renews it while it reads, and one whose instance died expires on its own.
CREATE TABLE "upload_slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_slots_account_idx" ON "upload_slots" ("account");
