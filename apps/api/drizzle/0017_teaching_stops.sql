CREATE TABLE "held_lesson_decisions" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "held_lesson_decision" CHECK ("held_lesson_decisions"."decision" in ('PAY', 'REFUND'))
);
--> statement-breakpoint
CREATE TABLE "instructor_teaching_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instructor_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "teaching_stops_reason" CHECK ("instructor_teaching_stops"."reason" in ('SUSPENDED', 'REJECTED', 'DOCUMENT_EXPIRED')),
	CONSTRAINT "teaching_stops_period" CHECK ("instructor_teaching_stops"."ends_at" is null or "instructor_teaching_stops"."ends_at" >= "instructor_teaching_stops"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "supplier_abn" text;--> statement-breakpoint
ALTER TABLE "held_lesson_decisions" ADD CONSTRAINT "held_lesson_decisions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_lesson_decisions" ADD CONSTRAINT "held_lesson_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_teaching_stops" ADD CONSTRAINT "instructor_teaching_stops_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_stops_open_idx" ON "instructor_teaching_stops" USING btree ("instructor_id","reason") WHERE "instructor_teaching_stops"."ends_at" is null;--> statement-breakpoint
CREATE INDEX "teaching_stops_instructor_idx" ON "instructor_teaching_stops" USING btree ("instructor_id","starts_at");--> statement-breakpoint
-- Instructors who may not teach as this ships: each stop begins when the records say it did (the
-- suspension's time, the last rejection in the audit log, the Sydney midnight after a lapsed document).
INSERT INTO "instructor_teaching_stops" ("instructor_id", "reason", "starts_at")
SELECT "users"."id", 'SUSPENDED', "users"."suspended_at" FROM "users"
JOIN "instructor_profiles" ON "instructor_profiles"."user_id" = "users"."id"
WHERE "users"."suspended_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "instructor_teaching_stops" ("instructor_id", "reason", "starts_at")
SELECT "user_id", 'REJECTED', coalesce(
  (SELECT max("created_at") FROM "audit_log" WHERE "action" = 'instructor.reject' AND "target_id" = "instructor_profiles"."user_id"::text),
  now())
FROM "instructor_profiles" WHERE "verification_status" = 'REJECTED';--> statement-breakpoint
INSERT INTO "instructor_teaching_stops" ("instructor_id", "reason", "starts_at")
SELECT "user_id", 'DOCUMENT_EXPIRED', (least("license_expires_on", "wwc_expires_on") + 1)::timestamp AT TIME ZONE 'Australia/Sydney'
FROM "instructor_profiles"
WHERE least("license_expires_on", "wwc_expires_on") < (now() AT TIME ZONE 'Australia/Sydney')::date;--> statement-breakpoint
-- Payouts already made keep the ABN they were made up with as far as we know it: today's.
UPDATE "payouts" SET "supplier_abn" = "instructor_profiles"."abn" FROM "instructor_profiles" WHERE "instructor_profiles"."user_id" = "payouts"."instructor_id";
