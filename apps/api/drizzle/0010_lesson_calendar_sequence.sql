-- The SEQUENCE of each lesson's event in the student's calendar: the confirmation's .ics is 0, and each
-- move or cancellation raises it with the change, so the update email's .ics supersedes the one before.
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;