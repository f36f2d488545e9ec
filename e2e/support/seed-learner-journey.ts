/**
 * Seeds the learner's journey (e2e/learner-journey.spec.ts, issue 23) before the server starts: per
 * project, a learner aged 17 with no assessment yet, and an instructor of their own listed in Chatswood
 * (every day 7 am – 7 pm, so the learner books them through the wizard) who taught the learner a
 * card-paid lesson two days ago, 10–11 am, not yet marked. No booking through the API can place a lesson
 * in the past; the instructor marks and records it in the spec.
 */

import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { availabilityRules } from "../../apps/api/src/db/schema/index.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import { createTransact, type TransactContext } from "../../apps/api/src/unit-of-work.ts";
import {
  JOURNEY_LESSON_CENTS,
  JOURNEY_LESSON_DAYS_AGO,
  JOURNEY_LESSON_START_MINUTE,
  JOURNEY_PROJECTS,
  JOURNEY_SUBURB,
  journeyAccounts,
} from "./journey-accounts.ts";
import { insertLearnerAndInstructor } from "./seed-pair.ts";

const DAY = 24 * 3_600_000;

export async function seedLearnerJourney(ctx: TransactContext, now: Date, passwordHash: string) {
  const today = sydneyTodayDate(now);
  const taughtOn = addDaysToDate(today, -JOURNEY_LESSON_DAYS_AGO);
  const start = sydneyWallTimeToInstant(taughtOn, JOURNEY_LESSON_START_MINUTE);
  if (!start) throw new Error(`seed: no 10 am on ${taughtOn}`);
  // 17 this year or turning 17: under 25, so the NSW logbook applies.
  const dateOfBirth = `${Number(today.slice(0, 4)) - 17}-01-15`;
  const transact = createTransact(ctx);

  await transact(async (uow) => {
    const { tx } = uow;
    for (const project of JOURNEY_PROJECTS) {
      const accounts = journeyAccounts(project);
      // As sign-up leaves a learner: no assessment yet (the wizard's answers become it).
      const { studentId, instructorId } = await insertLearnerAndInstructor(tx, {
        accounts,
        passwordHash,
        student: {
          suburb: JOURNEY_SUBURB,
          licenseType: "AUTOMATIC",
          experienceLevel: "NEVER_DRIVEN",
          dateOfBirth,
        },
        instructor: {
          licenseNumber: accounts.licenseNumber,
          vehicleType: "AUTOMATIC",
          standardRateCents: JOURNEY_LESSON_CENTS,
          suburbs: [JOURNEY_SUBURB],
          verificationStatus: "VERIFIED",
          verifiedAt: new Date(now.getTime() - 30 * DAY),
          licenseExpiresOn: "2099-12-31",
          wwcExpiresOn: "2099-12-31",
          bio: "Calm lessons around Chatswood and the North Shore.",
          languages: ["English"],
        },
      });
      await tx.insert(availabilityRules).values(
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          instructorId,
          weekday,
          startMinute: 7 * 60,
          endMinute: 19 * 60,
        })),
      );
      // Taught two days ago and waiting for the instructor's mark.
      await cardPaidLesson(uow, {
        studentId,
        instructorId,
        start,
        priceCents: JOURNEY_LESSON_CENTS,
        status: "SCHEDULED",
        invoiceNumber: `KRB-E2E-JOURNEY-${project === "phone" ? "P" : "D"}`,
        paidAt: new Date(start.getTime() - 7 * DAY),
        suburb: JOURNEY_SUBURB,
        pickupLocation: "Chatswood station",
      });
    }
  });
}
