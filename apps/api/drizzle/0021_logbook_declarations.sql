CREATE TABLE "logbook_outside_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"school" text NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"structured" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_outside_lessons_minutes" CHECK ("logbook_outside_lessons"."minutes" between 1 and 480),
	CONSTRAINT "logbook_outside_lessons_school" CHECK (char_length("logbook_outside_lessons"."school") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "safer_drivers_courses" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"completed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logbook_outside_lessons" ADD CONSTRAINT "logbook_outside_lessons_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safer_drivers_courses" ADD CONSTRAINT "safer_drivers_courses_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logbook_outside_lessons_student_idx" ON "logbook_outside_lessons" USING btree ("student_id","date");