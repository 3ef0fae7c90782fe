-- Every change to what a caller is (session, plan, role, name) or may read (entitlements, credits, API keys) is told
-- to every server instance on the account channel at commit, with the account's id; a plan's limits changing tells
-- '*'. Instances keep credentials and entitlements in memory and forget an account when its id comes.
CREATE OR REPLACE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_ARGV[0] = '*' THEN
		PERFORM pg_notify('app_account_changed', '*');
	ELSE
		PERFORM pg_notify('app_account_changed', coalesce(to_jsonb(NEW) ->> TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[0]));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_account_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION notify_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER UPDATE OF "email", "first_name", "last_name", "role", "plan_code" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION notify_account_changed('id');
--> statement-breakpoint
CREATE TRIGGER "location_entitlements_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "location_entitlements" FOR EACH ROW EXECUTE FUNCTION notify_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER "credit_ledger_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION notify_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER "api_keys_account_changed" AFTER INSERT OR UPDATE OF "revoked_at", "expires_at", "scopes", "user_id", "key_hash" OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION notify_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER "plans_account_changed" AFTER UPDATE OR DELETE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed('*');
