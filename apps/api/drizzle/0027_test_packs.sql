CREATE TABLE "test_pack_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_pack_claims_studentId_unique" UNIQUE("student_id"),
	CONSTRAINT "test_pack_claims_bookingId_unique" UNIQUE("booking_id"),
	CONSTRAINT "test_pack_claims_decided" CHECK (("test_pack_claims"."status" = 'PENDING') = ("test_pack_claims"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "test_pack_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"source" text NOT NULL,
	"payment_id" uuid,
	"claim_id" uuid,
	"value_cents" integer NOT NULL,
	"used_by_booking_id" uuid,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_pack_credits_claimId_unique" UNIQUE("claim_id"),
	CONSTRAINT "test_pack_credits_usedByBookingId_unique" UNIQUE("used_by_booking_id"),
	CONSTRAINT "test_pack_credits_value" CHECK ("test_pack_credits"."value_cents" >= 0),
	CONSTRAINT "test_pack_credits_origin" CHECK (("test_pack_credits"."source" = 'PURCHASE' and "test_pack_credits"."payment_id" is not null and "test_pack_credits"."claim_id" is null)
        or ("test_pack_credits"."source" = 'PASS_PROMISE' and "test_pack_credits"."claim_id" is not null and "test_pack_credits"."payment_id" is null)),
	CONSTRAINT "test_pack_credits_used" CHECK (("test_pack_credits"."used_by_booking_id" is null) = ("test_pack_credits"."used_at" is null))
);
--> statement-breakpoint
CREATE TABLE "test_packs" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"centre_id" text NOT NULL,
	"test_at" timestamp with time zone NOT NULL,
	"includes_warm_up" boolean NOT NULL,
	"to_centre_minutes" integer NOT NULL,
	"from_centre_minutes" integer NOT NULL,
	"outcome" text,
	"outcome_note" text,
	"outcome_recorded_at" timestamp with time zone,
	"outcome_recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_packs_drives" CHECK ("test_packs"."to_centre_minutes" > 0 and "test_packs"."from_centre_minutes" > 0),
	CONSTRAINT "test_packs_outcome_recorded" CHECK (("test_packs"."outcome" is null) = ("test_packs"."outcome_recorded_at" is null)),
	CONSTRAINT "test_packs_not_taken_reason" CHECK ("test_packs"."outcome" is distinct from 'NOT_TAKEN' or length(trim("test_packs"."outcome_note")) > 0)
);
--> statement-breakpoint
ALTER TABLE "test_pack_claims" ADD CONSTRAINT "test_pack_claims_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_claims" ADD CONSTRAINT "test_pack_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_claims" ADD CONSTRAINT "test_pack_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_credits" ADD CONSTRAINT "test_pack_credits_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_credits" ADD CONSTRAINT "test_pack_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_credits" ADD CONSTRAINT "test_pack_credits_claim_id_test_pack_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."test_pack_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pack_credits" ADD CONSTRAINT "test_pack_credits_used_by_booking_id_bookings_id_fk" FOREIGN KEY ("used_by_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_packs" ADD CONSTRAINT "test_packs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_packs" ADD CONSTRAINT "test_packs_outcome_recorded_by_users_id_fk" FOREIGN KEY ("outcome_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_pack_claims_status_idx" ON "test_pack_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "test_pack_credits_student_idx" ON "test_pack_credits" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "test_packs_test_at_idx" ON "test_packs" USING btree ("test_at");