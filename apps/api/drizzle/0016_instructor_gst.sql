ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amounts";--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "supplier_gst_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('STUDENT_CASH', 'GST_PAYABLE', 'UNEARNED_REVENUE', 'PLATFORM_REVENUE', 'INSTRUCTOR_PAYABLE', 'REFUNDS', 'PAYOUTS_DUE', 'GST_CREDITS'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amounts" CHECK ("payouts"."amount_cents" = "payouts"."gross_cents" - "payouts"."fee_cents" + "payouts"."gst_cents" and "payouts"."gst_cents" >= 0 and "payouts"."amount_cents" >= 0);--> statement-breakpoint
-- Payouts made before GST was paid keep printing as they did: as tax invoices when the instructor was registered.
UPDATE "payouts" SET "supplier_gst_registered" = "instructor_profiles"."gst_registered" FROM "instructor_profiles" WHERE "instructor_profiles"."user_id" = "payouts"."instructor_id";
