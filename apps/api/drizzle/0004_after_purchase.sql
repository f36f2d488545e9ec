ALTER TABLE "bookings" ADD COLUMN "kept_cents" integer;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "suburb" text;--> statement-breakpoint
CREATE INDEX "bookings_bundle_idx" ON "bookings" USING btree ("bundle_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kept" CHECK ("bookings"."kept_cents" is null or "bookings"."kept_cents" between 0 and "bookings"."price_cents");