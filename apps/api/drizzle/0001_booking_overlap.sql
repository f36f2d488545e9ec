-- No instructor may have two active bookings (held or scheduled) whose periods overlap.
-- Enforced by the database so that concurrent requests cannot double-book, whatever the code does.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "instructor_id" WITH =,
  tstzrange("start_time", "end_time", '[)') WITH &&
) WHERE ("status" IN ('PENDING_PAYMENT', 'SCHEDULED'));
