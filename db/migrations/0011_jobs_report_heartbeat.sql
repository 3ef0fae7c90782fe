ALTER TABLE "portfolio_reports" ADD COLUMN "run_id" uuid;
--> statement-breakpoint
ALTER TABLE "portfolio_reports" ADD COLUMN "heartbeat_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "portfolio_reports_unfinished_idx" ON "portfolio_reports" ("heartbeat_at") WHERE "status" IN ('queued', 'running');
