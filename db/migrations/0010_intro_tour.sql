CREATE TABLE "intro_tours" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"locations_fingerprint" text
);
--> statement-breakpoint
ALTER TABLE "intro_tours" ADD CONSTRAINT "intro_tours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
