CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "card_refunds_amount" CHECK ("card_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_refunds_due_idx" ON "card_refunds" USING btree ("next_attempt_at") WHERE "card_refunds"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "card_refunds_payment_idx" ON "card_refunds" USING btree ("payment_id");--> statement-breakpoint
-- One student, one car at a time: no student may have two active bookings (held or scheduled) whose
-- periods overlap, whichever instructors they are with. Concurrent batches cannot slip past it.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_no_overlap" EXCLUDE USING gist (
  "student_id" WITH =,
  tstzrange("start_time", "end_time", '[)') WITH &&
) WHERE ("status" IN ('PENDING_PAYMENT', 'SCHEDULED'));
