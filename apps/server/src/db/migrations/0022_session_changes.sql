-- Every server process remembers the sessions it found lately (decision 0049). Whatever ends a
-- session or changes what a request knows of its user (sign-out, new password, removed account,
-- new role, name or language) names that user here, from whichever process or tool wrote it, and
-- every process forgets the user's sessions as the notice comes. A truncate names everyone ('*').
CREATE FUNCTION session_changes_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('kantien_session_changes', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kantien_session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('kantien_session_changes', coalesce(OLD.user_id, NEW.user_id)::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session's slide is heard too (once a minute at most): the rows a process keeps are the table's.
CREATE TRIGGER "session_changes_sessions" AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION session_changes_notify();--> statement-breakpoint
CREATE TRIGGER "session_changes_users" AFTER UPDATE OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION session_changes_notify();--> statement-breakpoint
CREATE TRIGGER "session_changes_user_settings" AFTER INSERT OR UPDATE OR DELETE ON "user_settings"
FOR EACH ROW EXECUTE FUNCTION session_changes_notify();--> statement-breakpoint
CREATE TRIGGER "session_changes_truncate_sessions" AFTER TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify();--> statement-breakpoint
CREATE TRIGGER "session_changes_truncate_users" AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify();--> statement-breakpoint
CREATE TRIGGER "session_changes_truncate_user_settings" AFTER TRUNCATE ON "user_settings"
FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify();
