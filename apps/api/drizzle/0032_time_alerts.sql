CREATE TABLE "time_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"instructor_id" uuid,
	"suburb" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"from_minute" integer,
	"to_minute" integer,
	"weekdays" integer[],
	"lesson_minutes" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"seen_version" text NOT NULL,
	"known_slots" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_unsent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "time_alerts_status" CHECK ("time_alerts"."status" in ('ACTIVE', 'ENDED')),
	CONSTRAINT "time_alerts_end_reason" CHECK (("time_alerts"."status" = 'ACTIVE' and "time_alerts"."ended_reason" is null and "time_alerts"."ended_at" is null) or ("time_alerts"."status" = 'ENDED' and "time_alerts"."ended_reason" is not null and "time_alerts"."ended_at" is not null)),
	CONSTRAINT "time_alerts_window" CHECK ("time_alerts"."from_date" <= "time_alerts"."to_date"),
	CONSTRAINT "time_alerts_minutes" CHECK (("time_alerts"."from_minute" is null or "time_alerts"."from_minute" between 0 and 1440) and ("time_alerts"."to_minute" is null or "time_alerts"."to_minute" between 0 and 1440))
);
--> statement-breakpoint
ALTER TABLE "time_alerts" ADD CONSTRAINT "time_alerts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_alerts" ADD CONSTRAINT "time_alerts_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_alerts_student_idx" ON "time_alerts" USING btree ("student_id","status");--> statement-breakpoint
CREATE INDEX "time_alerts_active_idx" ON "time_alerts" USING btree ("status") WHERE "time_alerts"."status" = 'ACTIVE';