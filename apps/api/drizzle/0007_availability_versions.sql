CREATE TABLE "availability_catalogue" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "availability_catalogue_single_row" CHECK ("availability_catalogue"."id")
);
--> statement-breakpoint
CREATE TABLE "availability_versions" (
	"instructor_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "availability_catalogue" ("id", "version") VALUES (true, 0);--> statement-breakpoint
-- Deferred to commit, so the counter row is locked only while the transaction commits: concurrent
-- bookings of one instructor do not queue behind each other for their whole transaction.
CREATE FUNCTION availability_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO availability_versions (instructor_id, version) VALUES (OLD.instructor_id, 1)
      ON CONFLICT (instructor_id) DO UPDATE SET version = availability_versions.version + 1;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.instructor_id IS DISTINCT FROM OLD.instructor_id) THEN
    INSERT INTO availability_versions (instructor_id, version) VALUES (NEW.instructor_id, 1)
      ON CONFLICT (instructor_id) DO UPDATE SET version = availability_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION availability_catalogue_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE availability_catalogue SET version = version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_availability_version AFTER INSERT OR DELETE ON "bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_availability_version_update AFTER UPDATE ON "bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.start_time IS DISTINCT FROM NEW.start_time OR OLD.end_time IS DISTINCT FROM NEW.end_time OR OLD.instructor_id IS DISTINCT FROM NEW.instructor_id OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at) EXECUTE FUNCTION availability_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER availability_rules_version AFTER INSERT OR UPDATE OR DELETE ON "availability_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER availability_exceptions_version AFTER INSERT OR UPDATE OR DELETE ON "availability_exceptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER instructor_profiles_catalogue AFTER INSERT OR UPDATE OR DELETE ON "instructor_profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_catalogue_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_catalogue AFTER UPDATE OF first_name, last_name OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_catalogue_bump();
