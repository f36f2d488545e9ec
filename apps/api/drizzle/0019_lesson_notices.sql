CREATE TABLE "lesson_notices" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "lesson_notices_booking_id_kind_seq_pk" PRIMARY KEY("booking_id","kind","seq"),
	CONSTRAINT "lesson_notices_kind" CHECK ("lesson_notices"."kind" in ('CLASH', 'UNAVAILABLE'))
);
--> statement-breakpoint
ALTER TABLE "lesson_notices" ADD CONSTRAINT "lesson_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_notices_open_idx" ON "lesson_notices" USING btree ("booking_id","kind") WHERE "lesson_notices"."resolved_at" is null;--> statement-breakpoint
-- What learners were told before this table: read once from the outbox's dedupe keys, the record until now.
-- The n-th clash of a lesson was `lesson-clash:<bookingId>:<n>`, its resolution `lesson-clash-resolved:<bookingId>:<n>`.
INSERT INTO "lesson_notices" ("booking_id", "kind", "seq", "told_at", "resolved_at")
SELECT "bookings"."id", 'CLASH', split_part("told"."dedupe_key", ':', 3)::int, "told"."created_at",
  (SELECT min("resolved"."created_at") FROM "outbox" AS "resolved"
   WHERE "resolved"."dedupe_key" = 'lesson-clash-resolved:' || "bookings"."id"::text || ':' || split_part("told"."dedupe_key", ':', 3))
FROM "outbox" AS "told"
JOIN "bookings" ON "bookings"."id"::text = split_part("told"."dedupe_key", ':', 2)
WHERE "told"."dedupe_key" ~ '^lesson-clash:[0-9a-f-]{36}:[0-9]+$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An older open clash superseded by a later one of the same lesson counts as resolved (one open per lesson).
UPDATE "lesson_notices" SET "resolved_at" = "told_at"
WHERE "kind" = 'CLASH' AND "resolved_at" IS NULL AND EXISTS (
  SELECT 1 FROM "lesson_notices" AS "later"
  WHERE "later"."booking_id" = "lesson_notices"."booking_id" AND "later"."kind" = 'CLASH' AND "later"."seq" > "lesson_notices"."seq");--> statement-breakpoint
-- `instructor_unavailable:<id>,<id>…` named every lesson one email told its learner about.
INSERT INTO "lesson_notices" ("booking_id", "kind", "seq", "told_at")
SELECT "bookings"."id", 'UNAVAILABLE', 1, min("told"."created_at")
FROM "outbox" AS "told"
CROSS JOIN LATERAL unnest(string_to_array(substr("told"."dedupe_key", length('instructor_unavailable:') + 1), ',')) AS "named"("id")
JOIN "bookings" ON "bookings"."id"::text = "named"."id"
WHERE "told"."dedupe_key" LIKE 'instructor\_unavailable:%'
GROUP BY "bookings"."id"
ON CONFLICT DO NOTHING;
