/**
 * Runs before the e2e server starts, on its fresh embedded database: the demo data, plus a student
 * whose paid lessons sit in each cancellation tier measured from now (more than 48 h, 24–48 h and
 * under 24 h ahead). No booking through the API can place lessons at such times on demand (the
 * instructor's hours and the time of day decide what is free), so the spec gets them from here.
 *
 *   npx tsx e2e/support/seed-cancellation-tiers.ts <dataDir>
 */
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { instructorProfiles, studentProfiles, users } from "../../apps/api/src/db/schema/index.ts";
import { loadEnv } from "../../apps/api/src/env.ts";
import { hashPassword } from "../../apps/api/src/lib/passwords.ts";
import { silentLog } from "../../apps/api/src/lib/silent-log.ts";
import { demoProvider } from "../../apps/api/src/platform/card-provider/payment-provider.ts";
import { acceptCurrentTermsForEveryone } from "../../apps/api/src/seed/accept-current-terms.ts";
import { seedDemoData } from "../../apps/api/src/seed/seed.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import { createTransact } from "../../apps/api/src/unit-of-work.ts";
import { TIER_LESSONS, TIER_PROJECTS, tierInvoiceNumber, tiersStudent } from "./cancellation-tiers.ts";
import { seedHeldLessons } from "./seed-held-lessons.ts";
import { seedLearnerJourney } from "./seed-learner-journey.ts";
import { seedMessages } from "./seed-messages.ts";
import { seedPayoutInstructors } from "./seed-payouts.ts";
import { seedTrustAccounts } from "./seed-trust.ts";

const PRICE_CENTS = 7500;

async function main(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const now = new Date();
  await seedDemoData(database, now);
  const passwordHash = await hashPassword("demo1234");
  const hour = 3_600_000;
  const nextHour = Math.ceil(now.getTime() / hour) * hour;

  // The seeds' money goes through a unit of work, so the ledger balances in the e2e database.
  const seedContext = {
    db: database.db,
    now: () => now,
    payments: demoProvider,
    log: silentLog,
    env: loadEnv({}),
  };
  const transact = createTransact(seedContext);
  await transact(async (uow) => {
    const { tx } = uow;
    const students: string[] = [];
    // One student and instructor per Playwright project: the spec cancels these lessons.
    for (const [index, project] of TIER_PROJECTS.entries()) {
      const [student] = await tx
        .insert(users)
        .values({
          email: tiersStudent(project),
          passwordHash,
          role: "STUDENT",
          firstName: "Tia",
          lastName: "Tiers",
          phone: "0400 111 222",
        })
        .returning({ id: users.id });
      // An instructor of their own, so no demo lesson can overlap these times.
      const [instructor] = await tx
        .insert(users)
        .values({
          email: `tiers.instructor.${project}@e2e.test`,
          passwordHash,
          role: "INSTRUCTOR",
          firstName: "Tom",
          lastName: "Teacher",
          phone: "0400 333 444",
        })
        .returning({ id: users.id });
      if (!student || !instructor) throw new Error("seed: tier accounts not created");
      students.push(student.id);
      await tx.insert(studentProfiles).values({
        userId: student.id,
        suburb: "Bondi",
        licenseType: "AUTOMATIC",
        experienceLevel: "NEVER_DRIVEN",
      });
      await tx.insert(instructorProfiles).values({
        userId: instructor.id,
        licenseNumber: `4100000${index}`,
        vehicleType: "AUTOMATIC",
        standardRateCents: PRICE_CENTS,
        // Listed in no suburb: the other specs' searches and Auto-Match never meet this instructor.
        suburbs: [],
        verificationStatus: "VERIFIED",
        verifiedAt: now,
        // Listed (both documents on record and current), so a student cancellation follows the tiers.
        licenseExpiresOn: "2099-12-31",
        wwcExpiresOn: "2099-12-31",
      });

      for (const lesson of TIER_LESSONS) {
        await cardPaidLesson(uow, {
          studentId: student.id,
          instructorId: instructor.id,
          start: new Date(nextHour + lesson.hoursAhead * hour),
          priceCents: PRICE_CENTS,
          status: "SCHEDULED",
          invoiceNumber: tierInvoiceNumber(project, lesson.hoursAhead),
          paidAt: now,
          suburb: "Bondi",
          pickupLocation: `${lesson.hoursAhead} Campbell Parade, Bondi`,
        });
      }
    }
    await seedTrustAccounts(uow, now, passwordHash);
    const [payer] = students;
    if (!payer) throw new Error("seed: no tier student");
    await seedPayoutInstructors(uow, now, passwordHash, payer);
  });
  // In transactions of its own: the admin's rejection is the API's use case, which runs one itself.
  await seedHeldLessons(seedContext, now, passwordHash);
  await seedLearnerJourney(seedContext, now, passwordHash);
  // Its messages are sent by the messages module's use case, on a clock of their own.
  await seedMessages(seedContext, now, passwordHash);
  // The spec accounts above are written, not signed up: they accept the terms as a sign-up would.
  await acceptCurrentTermsForEveryone(database.db, now);
  await database.close();
}

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-cancellation-tiers.ts <dataDir>");
await main(dataDir);
