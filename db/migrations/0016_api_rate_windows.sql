-- Requests made with an API key, counted per key and per minute window in one row: one upsert both counts a request
-- and answers how many are left, which the RateLimit headers send back. Every instance shares the rows.
CREATE TABLE "api_rate_windows" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "api_rate_windows_pk" PRIMARY KEY ("bucket", "window_start")
);
--> statement-breakpoint
CREATE INDEX "api_rate_windows_start_idx" ON "api_rate_windows" ("window_start");
