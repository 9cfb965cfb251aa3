-- Issue 10: every app process caches sessions, session users (with privileges) and branches for a few seconds
-- (packages/server/src/auth/cache.ts). These triggers tell every process, at commit, which entries to forget:
-- 's:<session id>' (logout, switch branch, renewal, expiry), 'u:<user id>' (password change, deactivation, role,
-- branch or privilege change, any edit of the account) and 'b:<branch id>'. Whoever writes (service, script or
-- direct SQL), the caches hear of it.
CREATE FUNCTION auth_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('klinik_auth', '*');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('klinik_auth', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('klinik_auth', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'user_privilege' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_notify('klinik_auth', 'u:' || NEW.user_id);
    ELSE
      PERFORM pg_notify('klinik_auth', 'u:' || OLD.user_id);
      IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
        PERFORM pg_notify('klinik_auth', 'u:' || NEW.user_id);
      END IF;
    END IF;
  ELSIF TG_TABLE_NAME = 'profile' THEN
    PERFORM pg_notify('klinik_auth', 'b:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_auth_notify AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER user_privilege_auth_notify AFTER INSERT OR UPDATE OR DELETE ON "user_privilege"
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER profile_auth_notify AFTER UPDATE OR DELETE ON "profile"
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_auth_notify_truncate AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify();
--> statement-breakpoint
CREATE TRIGGER user_privilege_auth_notify_truncate AFTER TRUNCATE ON "user_privilege"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify();
