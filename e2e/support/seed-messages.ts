/**
 * Seeds the messages journey (e2e/messages.spec.ts, issue 23 item 5) before the server starts: per
 * project, a learner and an instructor of their own (listed in no suburb) with a paid lesson three days
 * ahead, and one message each way sent through the API's own use case on a clock set 12 and 10 minutes
 * back. The batched email goes only for a message still unread 5 minutes after it was sent
 * (MESSAGE_EMAIL_DELAY_MINUTES): these are due at once, so the server's first notification scan emails
 * each side, as it would have 5 minutes after a real message. A message sent during the spec could not
 * be emailed in less than 5 minutes, and the server's clock cannot be moved.
 */

import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import type { AppContext } from "../../apps/api/src/context.ts";
import { sendMessage } from "../../apps/api/src/modules/messages/send-message.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import { createTransact, type TransactContext } from "../../apps/api/src/unit-of-work.ts";
import { MESSAGE_PROJECTS, messageAccounts, SEEDED_MESSAGES } from "./message-accounts.ts";
import { insertLearnerAndInstructor } from "./seed-pair.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LESSON_CENTS = 8000;

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** The messages module's own send, on a clock `minutesAgo` before `now`. */
function messagesAt(ctx: TransactContext, now: Date, minutesAgo: number) {
  const then = () => new Date(now.getTime() - minutesAgo * MINUTE);
  const at = { ...ctx, now: then, transact: createTransact({ ...ctx, now: then }) } as AppContext;
  return { send: (...args: DropFirst<Parameters<typeof sendMessage>>) => sendMessage(at, ...args) };
}

export async function seedMessages(ctx: TransactContext, now: Date, passwordHash: string) {
  const lessonDay = addDaysToDate(sydneyTodayDate(now), 3);
  const start = sydneyWallTimeToInstant(lessonDay, 10 * 60);
  if (!start) throw new Error(`seed: no 10 am on ${lessonDay}`);
  const transact = createTransact(ctx);

  for (const [index, project] of MESSAGE_PROJECTS.entries()) {
    const accounts = messageAccounts(project);
    const { studentId, instructorId } = await transact(async (uow) => {
      const { tx } = uow;
      const { studentId, instructorId } = await insertLearnerAndInstructor(tx, {
        accounts,
        passwordHash,
        student: {
          suburb: "Sydney CBD",
          licenseType: "AUTOMATIC",
          experienceLevel: "SOME_EXPERIENCE",
        },
        instructor: {
          licenseNumber: `4600000${index}`,
          vehicleType: "AUTOMATIC",
          standardRateCents: LESSON_CENTS,
          // Listed in no suburb: no other spec's search meets this instructor.
          suburbs: [],
          verificationStatus: "VERIFIED",
          verifiedAt: new Date(now.getTime() - 30 * DAY),
          licenseExpiresOn: "2099-12-31",
          wwcExpiresOn: "2099-12-31",
        },
      });
      // The lesson that lets them message each other (rules/messages.ts).
      await cardPaidLesson(uow, {
        studentId,
        instructorId,
        start,
        priceCents: LESSON_CENTS,
        status: "SCHEDULED",
        invoiceNumber: `KRB-E2E-MSG-${project === "phone" ? "P" : "D"}`,
        paidAt: new Date(now.getTime() - DAY),
        suburb: "Sydney CBD",
        pickupLocation: "Wynyard station",
      });
      return { studentId, instructorId };
    });

    const { fromStudent, fromInstructor } = SEEDED_MESSAGES;
    await messagesAt(ctx, now, fromStudent.minutesAgo).send(
      { id: studentId, role: "STUDENT" },
      instructorId,
      {
        body: fromStudent.body,
      },
    );
    await messagesAt(ctx, now, fromInstructor.minutesAgo).send(
      { id: instructorId, role: "INSTRUCTOR" },
      studentId,
      { body: fromInstructor.body },
    );
  }
}
