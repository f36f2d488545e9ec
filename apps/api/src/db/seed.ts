import {
  addDaysToDate,
  gstCents,
  sydneyTodayDate,
  sydneyWallTimeToInstant,
  sydneyWeekday,
} from "@kerb/shared/rules";
import { eq, sql } from "drizzle-orm";
import { loadEnv } from "../env.ts";
import { hashPassword } from "../lib/passwords.ts";
import { silentLog } from "../lib/silent-log.ts";
import { paymentCapturedJournal, postLessonEarned } from "../modules/ledger/post-journal.ts";
import { demoProvider } from "../modules/payments/payment-provider.ts";
import { createTransact } from "../unit-of-work.ts";
import type { Database } from "./client.ts";
import {
  availabilityRules,
  bookings,
  instructorProfiles,
  payments,
  studentProfiles,
  users,
} from "./schema/index.ts";
import { buildSeedInstructors, DEMO_PASSWORD } from "./seed-data.ts";
import { seedReviews } from "./seed-reviews.ts";

/**
 * Seeds the demo accounts and catalogue into a database that has none of it; a second run changes
 * nothing (the demo admin's presence marks a seeded database).
 */
export async function seedDemoData(db: Database, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // The demo money goes through a unit of work like real money, so the ledger balances on a fresh install.
  const transact = createTransact({
    db,
    now: () => now,
    payments: demoProvider,
    log: silentLog,
    env: loadEnv({}),
  });
  await transact(async (uow) => {
    const { tx } = uow;
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

    let demoInstructorId: string | undefined;
    let demoRateCents = 0;
    const rated: Array<{ id: string; rating: number | null; rateCents: number }> = [];
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
        licenseNumber: `NSW${user.id.slice(0, 6).toUpperCase()}`,
        vehicleType: seed.vehicleType,
        standardRateCents: seed.rateDollars * 100,
        poolOptIn: seed.poolOptIn,
        gender: seed.gender,
        bio: seed.bio,
        languages: seed.languages,
        suburbs: seed.suburbs,
        verificationStatus: "VERIFIED",
        verifiedAt: now,
        // Listing needs both documents on record and current: 1–3 years ahead, staggered, so the
        // demo never has an instructor expiring inside the 30-day reminder window.
        licenseExpiresOn: addDaysToDate(seedToday, 400 + ((index * 37) % 700)),
        wwcExpiresOn: addDaysToDate(seedToday, 500 + ((index * 53) % 600)),
        ratingAverage: seed.rating,
        ratingCount: seed.ratingCount,
      });
      await tx.insert(availabilityRules).values(
        seed.hours.map(([weekday, startHour, endHour]) => ({
          instructorId: user.id,
          weekday,
          startMinute: startHour * 60,
          endMinute: endHour * 60,
        })),
      );
      rated.push({ id: user.id, rating: seed.rating, rateCents: seed.rateDollars * 100 });
      if (seed.email === "instructor@demo.test") {
        demoInstructorId = user.id;
        demoRateCents = seed.rateDollars * 100;
      }
    }
    if (!demoInstructorId) throw new Error("seed: demo instructor missing");
    // Ratings backed by real reviews of past lessons (ten each); the aggregates are recounted from them.
    await seedReviews(tx, { instructors: rated, passwordHash, now });

    // A little history so both demo dashboards have something to show: a completed lesson last week,
    // one taught two days ago awaiting its mark, and one coming up, paid together.
    const today = sydneyTodayDate(now);
    const pastDate = nextWeekday(addDaysToDate(today, -8));
    const futureDate = nextWeekday(addDaysToDate(today, 4));
    const past = sydneyWallTimeToInstant(pastDate, 16 * 60);
    const future = sydneyWallTimeToInstant(futureDate, 16 * 60);
    // Taught two days ago but not yet marked: the instructor's "Mark completed" has work to do.
    const unmarked = sydneyWallTimeToInstant(addDaysToDate(today, -2), 7 * 60);
    if (!past || !future || !unmarked) throw new Error("seed: lesson times invalid");
    const subtotal = demoRateCents * 3;
    const gst = gstCents(subtotal);
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: student.id,
        type: "BOOKINGS",
        status: "PAID",
        provider: "demo",
        subtotalCents: subtotal,
        gstCents: gst,
        amountCents: subtotal + gst,
        invoiceNumber: "KRB-DEMO-0001",
        paidAt: addHours(past, -72),
        createdAt: addHours(past, -72),
      })
      .returning({ id: payments.id, amountCents: payments.amountCents, gstCents: payments.gstCents });
    if (!payment) throw new Error("seed: payment not created");
    await uow.post(paymentCapturedJournal(payment, addHours(past, -72)));
    const lesson = {
      studentId: student.id,
      instructorId: demoInstructorId,
      priceCents: demoRateCents,
      isPoolHours: false,
      suburb: "Sydney CBD",
      pickupLocation: "Town Hall station, George St entrance",
      paymentId: payment.id,
    };
    const seeded = await tx
      .insert(bookings)
      .values([
        {
          ...lesson,
          startTime: past,
          endTime: addHours(past, 1),
          status: "COMPLETED",
          completedAt: addHours(past, 1),
        },
        { ...lesson, startTime: future, endTime: addHours(future, 1), status: "SCHEDULED" },
        { ...lesson, startTime: unmarked, endTime: addHours(unmarked, 1), status: "SCHEDULED" },
      ])
      .returning({ id: bookings.id, status: bookings.status });
    for (const b of seeded) if (b.status === "COMPLETED") await postLessonEarned(uow, b.id, "COMPLETED");
  });
  return true;
}

function addHours(date: Date, hours: number) {
  return new Date(date.getTime() + hours * 3_600_000);
}

/** Moves a date forward to a Monday–Friday, where the demo instructor works. */
function nextWeekday(date: string): string {
  let d = date;
  while (sydneyWeekday(d) === 0 || sydneyWeekday(d) === 6) d = addDaysToDate(d, 1);
  return d;
}
