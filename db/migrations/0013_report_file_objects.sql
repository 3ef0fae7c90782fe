-- Large objects that hold report files: when each was stored, so the sweep can tell a file a run is still
-- writing from one a killed run left behind (PostgreSQL keeps no such time for a large object).
CREATE TABLE "report_file_objects" (
	"oid" oid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
