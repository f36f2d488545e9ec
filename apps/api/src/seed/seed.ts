import { addDaysToDate, RCTI_AGREEMENT_VERSION, sydneyTodayDate } from "@kerb/shared/rules";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.ts";
import {
  availabilityRules,
  guardianLinks,
  instructorProfiles,
  rctiAgreementAcceptances,
  studentProfiles,
  testPackageOffers,
  users,
} from "../db/schema/index.ts";
import { hashPassword } from "../lib/passwords.ts";
import { acceptCurrentTermsForEveryone } from "./accept-current-terms.ts";
import { buildSeedInstructors, DEMO_PASSWORD, seedAbn, seedTestPackOffer } from "./seed-data.ts";
import { seedHistory } from "./seed-history.ts";
import { insertReviewers, planReviews } from "./seed-reviews.ts";

/**
 * Seeds the demo accounts and catalogue into a database that has none of it; a second run changes
 * nothing (the demo admin's presence marks a seeded database). Accounts, profiles and weekly hours are
 * written directly; every lesson, payment and review after that is made through the use cases
 * (seed-history.ts), so the demo's money is what real money would be.
 */
export async function seedDemoData(database: DatabaseHandle, now: Date): Promise<boolean> {
  const db = database.db;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  let history: Omit<Parameters<typeof seedHistory>[1], "now"> | undefined;
  await db.transaction(async (tx) => {
    // Serialises two servers starting on one empty PostgreSQL database.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
    if (again) return;

    await tx.insert(users).values({
      email: "admin@demo.test",
      passwordHash,
      role: "ADMIN",
      firstName: "Alex",
      lastName: "Admin",
      phone: "02 9000 0000",
    });
    const [student] = await tx
      .insert(users)
      .values({
        email: "student@demo.test",
        passwordHash,
        role: "STUDENT",
        firstName: "Sam",
        lastName: "Learner",
        phone: "0412 345 678",
      })
      .returning({ id: users.id });
    if (!student) throw new Error("seed: student not created");
    await tx.insert(studentProfiles).values({
      userId: student.id,
      suburb: "Sydney CBD",
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    });
    // Sam's parent follows Sam's lessons, progress and payments (issue 23): the demo guardian, with
    // copies of Sam's booking emails. Made as an accepted invitation would leave it.
    const [parent] = await tx
      .insert(users)
      .values({
        email: "guardian@demo.test",
        passwordHash,
        role: "GUARDIAN",
        firstName: "Gabi",
        lastName: "Learner",
      })
      .returning({ id: users.id });
    if (!parent) throw new Error("seed: guardian not created");
    await tx.insert(guardianLinks).values({
      learnerId: student.id,
      email: "guardian@demo.test",
      guardianId: parent.id,
      status: "ACTIVE",
      copyEmails: true,
      invitedAt: now,
      acceptedAt: now,
      expiresAt: now,
    });

    // Tess is a test day away from the pass promise (seed-test-day.ts): her history makes the rest.
    const [tess] = await tx
      .insert(users)
      .values({
        email: "tess@demo.test",
        passwordHash,
        role: "STUDENT",
        firstName: "Tess",
        lastName: "Tran",
        phone: "0413 222 333",
      })
      .returning({ id: users.id });
    if (!tess) throw new Error("seed: Tess not created");
    await tx.insert(studentProfiles).values({
      userId: tess.id,
      suburb: "Sydney CBD",
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    });

    let demoInstructorId: string | undefined;
    const rated: Array<{ id: string; rating: number | null; suburb: string }> = [];
    const seedToday = sydneyTodayDate(now);
    for (const [index, seed] of buildSeedInstructors().entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          email: seed.email,
          passwordHash,
          role: "INSTRUCTOR",
          firstName: seed.firstName,
          lastName: seed.lastName,
          phone: seed.phone,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("seed: instructor not created");
      await tx.insert(instructorProfiles).values({
        userId: user.id,
        // NSW formats (rules/contact-formats.ts): an 8-digit instructor licence, an employee WWC check.
        licenseNumber: String(40_000_000 + index * 7_919),
        wwcNumber: `WWC${String(1_000_000 + index * 35_711).padStart(7, "0")}E`,
        abn: seedAbn(index),
        vehicleType: seed.vehicleType,
        standardRateCents: seed.rateDollars * 100,
        poolOptIn: seed.poolOptIn,
        gender: seed.gender,
        bio: seed.bio,
        languages: seed.languages,
        suburbs: seed.suburbs,
        lessonLengths: seed.lessonLengths,
        verificationStatus: "VERIFIED",
        verifiedAt: now,
        // Listing needs both documents on record and current: 1–3 years ahead, staggered, so the
        // demo never has an instructor expiring inside the 30-day reminder window.
        licenseExpiresOn: addDaysToDate(seedToday, 400 + ((index * 37) % 700)),
        wwcExpiresOn: addDaysToDate(seedToday, 500 + ((index * 53) % 600)),
        // The reviews the history leaves make the rating, as any review does.
        ratingAverage: null,
        ratingCount: 0,
      });
      // Demo instructors accepted the RCTI agreement a year ago, before their history: they get paid.
      await tx.insert(rctiAgreementAcceptances).values({
        instructorId: user.id,
        version: RCTI_AGREEMENT_VERSION,
        acceptedAt: new Date(now.getTime() - 365 * 24 * 3_600_000),
      });
      await tx.insert(availabilityRules).values(
        seed.hours.map(([weekday, startHour, endHour]) => ({
          instructorId: user.id,
          weekday,
          startMinute: startHour * 60,
          endMinute: endHour * 60,
        })),
      );
      const testPack = seedTestPackOffer(seed, index);
      if (testPack) await tx.insert(testPackageOffers).values({ instructorId: user.id, ...testPack });
      rated.push({ id: user.id, rating: seed.rating, suburb: seed.suburbs[0] ?? "Sydney CBD" });
      if (seed.email === "instructor@demo.test") {
        demoInstructorId = user.id;
      }
    }
    if (!demoInstructorId) throw new Error("seed: demo instructor missing");
    const reviewers = await insertReviewers(tx, passwordHash);
    await acceptCurrentTermsForEveryone(tx, now);
    history = {
      student: { id: student.id, role: "STUDENT" },
      instructor: { id: demoInstructorId, role: "INSTRUCTOR" },
      reviews: planReviews(reviewers, rated),
      testDayLearner: { id: tess.id, role: "STUDENT" },
    };
  });
  // Ratings, earnings and the demo dashboards come from a history made through the use cases.
  if (history) await seedHistory(database, { now, ...history });
  return true;
}
