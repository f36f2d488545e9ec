/**
 * Seeds the trust journey's accounts (see trust-accounts.ts) into the e2e database before the server
 * starts: per project, a student with a paid lesson that ended two hours ago (waiting for the
 * instructor's mark) and a paid lesson five days ahead, with an instructor of their own who teaches
 * in Sutherland every day. Times a booking through the API could not place on demand.
 */

import {
  availabilityRules,
  instructorProfiles,
  studentProfiles,
  users,
} from "../../apps/api/src/db/schema/index.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import type { UnitOfWork } from "../../apps/api/src/unit-of-work.ts";
import { TRUST_PROJECTS, TRUST_SUBURB, trustAccounts } from "./trust-accounts.ts";

const PRICE_CENTS = 8000;
const HOUR = 3_600_000;

export async function seedTrustAccounts(uow: UnitOfWork, now: Date, passwordHash: string) {
  const { tx } = uow;
  const thisHour = Math.floor(now.getTime() / HOUR) * HOUR;
  for (const [index, project] of TRUST_PROJECTS.entries()) {
    const accounts = trustAccounts(project);
    const [student] = await tx
      .insert(users)
      .values({
        email: accounts.student,
        passwordHash,
        role: "STUDENT",
        firstName: "Rae",
        lastName: "Reviewer",
        phone: "0400 555 666",
      })
      .returning({ id: users.id });
    const [instructor] = await tx
      .insert(users)
      .values({
        email: accounts.instructor,
        passwordHash,
        role: "INSTRUCTOR",
        firstName: accounts.instructorFirstName,
        lastName: accounts.instructorLastName,
        phone: "0400 777 000",
      })
      .returning({ id: users.id });
    if (!student || !instructor) throw new Error("seed: trust accounts not created");
    await tx.insert(studentProfiles).values({
      userId: student.id,
      suburb: TRUST_SUBURB,
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    });
    await tx.insert(instructorProfiles).values({
      userId: instructor.id,
      licenseNumber: `4200000${index}`,
      vehicleType: "AUTOMATIC",
      standardRateCents: PRICE_CENTS,
      suburbs: [TRUST_SUBURB],
      verificationStatus: "VERIFIED",
      verifiedAt: now,
      licenseExpiresOn: "2099-12-31",
      wwcExpiresOn: "2099-12-31",
      bio: "Calm, patient lessons around Sutherland Shire.",
      languages: ["English"],
    });
    await tx.insert(availabilityRules).values(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        instructorId: instructor.id,
        weekday,
        startMinute: 7 * 60,
        endMinute: 19 * 60,
      })),
    );
    const lessons = [
      { start: thisHour - 3 * HOUR, invoice: `KRB-E2E-T${index}P` }, // taught, to be marked
      { start: thisHour + 5 * 24 * HOUR, invoice: `KRB-E2E-T${index}F` }, // ahead, for the delisting
    ];
    for (const lesson of lessons) {
      await cardPaidLesson(uow, {
        studentId: student.id,
        instructorId: instructor.id,
        start: new Date(lesson.start),
        priceCents: PRICE_CENTS,
        status: "SCHEDULED",
        invoiceNumber: lesson.invoice,
        paidAt: new Date(lesson.start - 7 * 24 * HOUR),
        suburb: TRUST_SUBURB,
        pickupLocation: "Sutherland station",
      });
    }
  }
}
