ALTER TABLE "instructor_profiles" ADD COLUMN "wwc_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspension_reason" CHECK (("users"."suspended_at" is null) = ("users"."suspended_reason" is null));--> statement-breakpoint
-- Phones recorded before the format check, in the one stored form the API now writes (rules/contact-formats.ts
-- normaliseAuPhone): mobiles "0412 345 678", landlines "02 9876 5432". Anything that is not clearly an
-- Australian mobile or landline is left as it was, for its owner to correct on their next edit.
UPDATE "users" u SET "phone" = CASE
		WHEN n.digits LIKE '04%' THEN substr(n.digits, 1, 4) || ' ' || substr(n.digits, 5, 3) || ' ' || substr(n.digits, 8, 3)
		ELSE substr(n.digits, 1, 2) || ' ' || substr(n.digits, 3, 4) || ' ' || substr(n.digits, 7, 4)
	END
FROM (
	SELECT "id", regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), '^610?([2-478][0-9]{8})$', '0\1') AS digits
	FROM "users"
	WHERE "phone" ~ '^\+?[0-9 ().-]+$'
) n
WHERE n."id" = u."id" AND n.digits ~ '^0[2-478][0-9]{8}$';
--> statement-breakpoint
-- A suspension lists or unlists an instructor (rules/instructor-listing.ts): the availability caches
-- (decision 015) must see it on the next request, as they see a change of name or profile.
DROP TRIGGER "users_catalogue" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_catalogue AFTER UPDATE OF first_name, last_name, suspended_at OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_catalogue_bump();
