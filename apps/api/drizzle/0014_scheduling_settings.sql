ALTER TABLE "availability_exceptions" DROP CONSTRAINT "availability_exceptions_window";--> statement-breakpoint
-- A CLOSED override now takes off only the window it names (none: the whole day); every earlier one was a whole day.
UPDATE "availability_exceptions" SET "start_minute" = NULL, "end_minute" = NULL WHERE "kind" = 'CLOSED';--> statement-breakpoint
-- An OPEN override now adds its hours to the weekly ones instead of replacing them. Each date that had
-- one keeps the hours it had: its weekly hours are taken off with CLOSED windows, so only the OPEN
-- hours remain, as before.
INSERT INTO "availability_exceptions" ("instructor_id", "date", "kind", "start_minute", "end_minute", "note")
SELECT DISTINCT o."instructor_id", o."date", 'CLOSED', r."start_minute", r."end_minute", 'Usual hours replaced'
FROM "availability_exceptions" o
JOIN "availability_rules" r
  ON r."instructor_id" = o."instructor_id" AND r."weekday" = extract(dow FROM o."date")::int
WHERE o."kind" = 'OPEN';--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "travel_buffer_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "min_notice_hours" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "daily_lesson_cap" smallint;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "teaches_public_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "lesson_lengths" smallint[] DEFAULT '{60}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_window" CHECK (("availability_exceptions"."kind" = 'CLOSED' and "availability_exceptions"."start_minute" is null and "availability_exceptions"."end_minute" is null) or ("availability_exceptions"."start_minute" >= 0 and "availability_exceptions"."end_minute" <= 1440 and "availability_exceptions"."start_minute" < "availability_exceptions"."end_minute"));--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD CONSTRAINT "instructor_travel_buffer_range" CHECK ("instructor_profiles"."travel_buffer_minutes" between 0 and 60);--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD CONSTRAINT "instructor_min_notice_range" CHECK ("instructor_profiles"."min_notice_hours" between 2 and 168);--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD CONSTRAINT "instructor_daily_cap_range" CHECK ("instructor_profiles"."daily_lesson_cap" is null or "instructor_profiles"."daily_lesson_cap" between 1 and 12);--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD CONSTRAINT "instructor_lesson_lengths" CHECK ("instructor_profiles"."lesson_lengths" <@ array[60, 90, 120]::smallint[] and 60 = any("instructor_profiles"."lesson_lengths"));