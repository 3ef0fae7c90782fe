CREATE TABLE "report_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" text,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_path" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_files_user_idx" ON "report_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_files_source_idx" ON "report_files" USING btree ("source_id");
