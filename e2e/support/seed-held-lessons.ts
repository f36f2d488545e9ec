/**
 * Seeds the held-lesson journey (e2e/held-lessons.spec.ts, decision 031) before the server starts: per
 * project, an instructor the admin rejected three days ago (the API's own rejection use case, run with
 * its clock then, so the teaching stop starts at that moment) who then taught a card-paid lesson two days
 * ago and marked it completed. Neither time can be placed through the running server on demand.
 */

import { eq } from "drizzle-orm";
import type { AppContext } from "../../apps/api/src/context.ts";
import { users } from "../../apps/api/src/db/schema/index.ts";
import { rejectInstructor } from "../../apps/api/src/modules/compliance/reject-instructor.ts";
import { settleOutboxDelivery } from "../../apps/api/src/modules/notifications/outbox-delivery.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import { createTransact, type TransactContext } from "../../apps/api/src/unit-of-work.ts";
import { HELD_LESSON_CENTS, HELD_PROJECTS, heldAccounts, REJECTION_REASON } from "./held-lessons.ts";
import { insertLearnerAndInstructor } from "./seed-pair.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedHeldLessons(ctx: TransactContext, now: Date, passwordHash: string) {
  const thisHour = Math.floor(now.getTime() / HOUR) * HOUR;
  const rejectedAt = new Date(thisHour - 3 * DAY);
  const taughtAt = new Date(thisHour - 2 * DAY);
  const transact = createTransact(ctx);
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  if (!admin) throw new Error("seed: the demo admin is missing");
  // The admin's rejection as the API makes it (status, teaching stop, audit entry, the instructor's
  // email), on a clock set to when it happened.
  const atRejection = () => rejectedAt;
  const atRejectionCtx = {
    ...ctx,
    now: atRejection,
    transact: createTransact({ ...ctx, now: atRejection }),
  } as AppContext;

  for (const [index, project] of HELD_PROJECTS.entries()) {
    const accounts = heldAccounts(project);
    const { instructorId, studentId } = await transact(async ({ tx }) => {
      return insertLearnerAndInstructor(tx, {
        accounts,
        passwordHash,
        student: {
          suburb: "Bondi",
          licenseType: "AUTOMATIC",
          experienceLevel: "SOME_EXPERIENCE",
        },
        instructor: {
          licenseNumber: `4400000${index}`,
          vehicleType: "AUTOMATIC",
          standardRateCents: HELD_LESSON_CENTS,
          // Listed in no suburb: no other spec's search meets this instructor.
          suburbs: [],
          verificationStatus: "VERIFIED",
          verifiedAt: new Date(rejectedAt.getTime() - 30 * DAY),
          licenseExpiresOn: "2099-12-31",
          wwcExpiresOn: "2099-12-31",
        },
      });
    });

    await rejectInstructor(atRejectionCtx, admin.id, instructorId, { reason: REJECTION_REASON });

    // Booked and paid before the rejection, taught after it anyway, and marked completed.
    await transact((uow) =>
      cardPaidLesson(uow, {
        studentId,
        instructorId,
        start: taughtAt,
        priceCents: HELD_LESSON_CENTS,
        status: "COMPLETED",
        invoiceNumber: `KRB-E2E-HELD-${project === "phone" ? "P" : "D"}`,
        paidAt: new Date(rejectedAt.getTime() - 7 * DAY),
        suburb: "Bondi",
        pickupLocation: "Bondi Beach pavilion",
      }),
    );
  }
  // The rejection emails go to the log (no mail server here): let that finish before the database closes.
  await settleOutboxDelivery(ctx);
}
