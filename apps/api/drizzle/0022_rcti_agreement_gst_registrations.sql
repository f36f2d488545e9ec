CREATE TABLE "instructor_gst_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instructor_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"check_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_registration_period" CHECK ("instructor_gst_registrations"."effective_to" is null or "instructor_gst_registrations"."effective_to" > "instructor_gst_registrations"."effective_from"),
	CONSTRAINT "gst_registration_check" CHECK (("instructor_gst_registrations"."checked_at" is null) = ("instructor_gst_registrations"."check_note" is null))
);
--> statement-breakpoint
CREATE TABLE "rcti_agreement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instructor_id" uuid NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"reasked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rcti_agreement_version" text;--> statement-breakpoint
ALTER TABLE "instructor_gst_registrations" ADD CONSTRAINT "instructor_gst_registrations_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_gst_registrations" ADD CONSTRAINT "instructor_gst_registrations_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcti_agreement_acceptances" ADD CONSTRAINT "rcti_agreement_acceptances_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_registrations_open_idx" ON "instructor_gst_registrations" USING btree ("instructor_id") WHERE "instructor_gst_registrations"."effective_to" is null;--> statement-breakpoint
CREATE INDEX "gst_registrations_instructor_idx" ON "instructor_gst_registrations" USING btree ("instructor_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "rcti_acceptances_current_idx" ON "rcti_agreement_acceptances" USING btree ("instructor_id","version") WHERE "rcti_agreement_acceptances"."reasked_at" is null;--> statement-breakpoint
-- Hand-written: today's GST checkbox becomes a registration period. It starts far enough back to cover
-- everything the instructor has taught (their account's creation, or an earlier lesson), unchecked.
INSERT INTO "instructor_gst_registrations" ("instructor_id", "effective_from")
SELECT "p"."user_id", (least("u"."created_at", coalesce((SELECT min("b"."start_time") FROM "bookings" "b" WHERE "b"."instructor_id" = "p"."user_id"), "u"."created_at")) at time zone 'Australia/Sydney')::date
FROM "instructor_profiles" "p" JOIN "users" "u" ON "u"."id" = "p"."user_id"
WHERE "p"."gst_registered";
