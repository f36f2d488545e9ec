-- Every card refund stores its own GST, and a payment's refund totals are kept by the database itself,
-- so no code path can give back more than was charged (docs/decisions/019-one-owner-per-record.md).
ALTER TABLE "card_refunds" ADD COLUMN "gst_cents" integer;--> statement-breakpoint
-- Refunds recorded so far were "share + GST on the share" (or a whole charge): the GST inside is recovered exactly.
UPDATE "card_refunds" r SET "gst_cents" = CASE
	WHEN r."reason" = 'UNFULFILLED_PAYMENT' AND r."amount_cents" = p."amount_cents" THEN p."gst_cents"
	ELSE r."amount_cents" - round(r."amount_cents" * 10 / 11.0)::integer
END
FROM "payments" p WHERE p."id" = r."payment_id";--> statement-breakpoint
ALTER TABLE "card_refunds" ALTER COLUMN "gst_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refunds made before this migration could hold a cent of GST more than the invoice charged; the
-- payment's totals never record more than was paid (the ledger's balance check reports those payments).
UPDATE "payments" p SET
	"refunded_cents" = least(s.amount, p."amount_cents"),
	"refunded_gst_cents" = least(s.gst, p."gst_cents", least(s.amount, p."amount_cents"))
FROM (SELECT "payment_id", sum("amount_cents")::integer AS amount, sum("gst_cents")::integer AS gst FROM "card_refunds" GROUP BY "payment_id") s
WHERE s."payment_id" = p."id";--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_gst" CHECK ("card_refunds"."gst_cents" between 0 and "card_refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_within_charge" CHECK ("payments"."refunded_cents" between 0 and "payments"."amount_cents" and "payments"."refunded_gst_cents" between 0 and "payments"."gst_cents" and "payments"."refunded_gst_cents" <= "payments"."refunded_cents");--> statement-breakpoint
-- A refund row adds itself to its payment's totals; the check above then refuses a total over the charge.
CREATE FUNCTION "card_refund_rolls_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "payments"
	SET "refunded_cents" = "refunded_cents" + NEW."amount_cents",
		"refunded_gst_cents" = "refunded_gst_cents" + NEW."gst_cents"
	WHERE "id" = NEW."payment_id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "card_refunds_roll_up" AFTER INSERT ON "card_refunds"
	FOR EACH ROW EXECUTE FUNCTION "card_refund_rolls_up"();--> statement-breakpoint
-- What a refund gave back is history: its amount, GST and payment never change.
CREATE FUNCTION "card_refund_amounts_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."amount_cents" <> OLD."amount_cents" OR NEW."gst_cents" <> OLD."gst_cents" OR NEW."payment_id" <> OLD."payment_id" THEN
		RAISE EXCEPTION 'a card refund''s amount, GST and payment cannot change' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "card_refunds_amounts_fixed" BEFORE UPDATE ON "card_refunds"
	FOR EACH ROW EXECUTE FUNCTION "card_refund_amounts_fixed"();
