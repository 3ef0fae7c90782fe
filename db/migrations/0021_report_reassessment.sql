-- A paid portfolio may be assessed again with a newer hazard dataset: an upload then has several reports, each
-- naming the dataset version it was built with and, for a new assessment, the report it replaces (the audit trail).
ALTER TABLE "portfolio_reports" ADD COLUMN "dataset_version" text;--> statement-breakpoint
ALTER TABLE "portfolio_reports" ADD COLUMN "reassessed_from" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_reports" ADD CONSTRAINT "portfolio_reports_reassessed_from_fk" FOREIGN KEY ("reassessed_from") REFERENCES "public"."portfolio_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "portfolio_reports" SET "dataset_version" = "result"->'dataset'->>'version' WHERE "result" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_reports" DROP CONSTRAINT "portfolio_reports_upload_id_unique";--> statement-breakpoint
-- The first report of an upload is still made once; each new assessment is made once per dataset version.
CREATE UNIQUE INDEX "portfolio_reports_first_idx" ON "portfolio_reports" ("upload_id") WHERE "reassessed_from" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_reports_reassessed_idx" ON "portfolio_reports" ("upload_id","dataset_version") WHERE "reassessed_from" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "portfolio_reports_upload_idx" ON "portfolio_reports" ("upload_id","created_at");
