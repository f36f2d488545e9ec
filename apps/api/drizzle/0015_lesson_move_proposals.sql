CREATE TABLE "lesson_move_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid,
	"proposer_role" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lesson_move_proposals_period" CHECK ("lesson_move_proposals"."end_time" > "lesson_move_proposals"."start_time"),
	CONSTRAINT "lesson_move_proposals_decided" CHECK (("lesson_move_proposals"."status" = 'PROPOSED') = ("lesson_move_proposals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "lesson_move_proposals" ADD CONSTRAINT "lesson_move_proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_move_proposals" ADD CONSTRAINT "lesson_move_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_move_proposals_one_open" ON "lesson_move_proposals" USING btree ("booking_id") WHERE "lesson_move_proposals"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "lesson_move_proposals_booking_idx" ON "lesson_move_proposals" USING btree ("booking_id","created_at");