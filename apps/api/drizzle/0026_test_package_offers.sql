CREATE TABLE "test_package_offers" (
	"instructor_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"price_cents" integer NOT NULL,
	"includes_warm_up" boolean DEFAULT true NOT NULL,
	"centre_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_package_price_range" CHECK ("test_package_offers"."price_cents" between 6000 and 90000),
	CONSTRAINT "test_package_enabled_centres" CHECK (not "test_package_offers"."enabled" or cardinality("test_package_offers"."centre_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "test_package_offers" ADD CONSTRAINT "test_package_offers_instructor_id_instructor_profiles_user_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;