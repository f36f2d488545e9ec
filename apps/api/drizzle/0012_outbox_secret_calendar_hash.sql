ALTER TABLE "outbox" ADD COLUMN "one_time_secret" text;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "instructor_profiles" ADD CONSTRAINT "instructor_profiles_calendarTokenHash_unique" UNIQUE("calendar_token_hash");--> statement-breakpoint
-- Feeds already subscribed keep working: their secret is kept as its SHA-256 (hex), which is what the
-- feed route now looks up (calendar.service.ts), and the secret itself is dropped.
UPDATE "instructor_profiles" SET "calendar_token_hash" = encode(sha256(convert_to("calendar_token", 'UTF8')), 'hex') WHERE "calendar_token" IS NOT NULL;--> statement-breakpoint
-- The catalogue trigger on instructor_profiles is deferred: run it now, or the table is "in use" below.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "instructor_profiles" DROP CONSTRAINT "instructor_profiles_calendarToken_unique";--> statement-breakpoint
ALTER TABLE "instructor_profiles" DROP COLUMN "calendar_token";
