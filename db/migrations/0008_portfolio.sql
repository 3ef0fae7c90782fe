CREATE TABLE "portfolio_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"access_token_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"numeric_columns" jsonb NOT NULL,
	"lat_column" integer NOT NULL,
	"lon_column" integer NOT NULL,
	"name_column" integer,
	"id_column" integer,
	"swapped" boolean DEFAULT false NOT NULL,
	"weight_column" text,
	"summary" jsonb NOT NULL,
	"lead_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_uploads_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
CREATE TABLE "portfolio_upload_chunks" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"row_count" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "portfolio_upload_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "portfolio_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"weight_column" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"result" jsonb,
	"files" jsonb,
	"error" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "portfolio_reports_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
ALTER TABLE "portfolio_uploads" ADD CONSTRAINT "portfolio_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_upload_chunks" ADD CONSTRAINT "portfolio_upload_chunks_upload_id_portfolio_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."portfolio_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_reports" ADD CONSTRAINT "portfolio_reports_upload_id_portfolio_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."portfolio_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_reports" ADD CONSTRAINT "portfolio_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_uploads_user_idx" ON "portfolio_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolio_reports_user_idx" ON "portfolio_reports" USING btree ("user_id");
