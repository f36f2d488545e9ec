/**
 * Steady, realistic write traffic for the fault tests: students hold a lesson and pay for it (a
 * payment with its lessons), or spend a bundle credit on a lesson, over and over, from a shared supply
 * of free slots. Every answer is kept for the test to judge.
 */

import type pg from "pg";
import {
  type Answer,
  asBooking,
  call,
  insertStudents,
  listSlots,
  type Slot,
  type TestStudent,
  weekdayAhead,
} from "./cluster-fixture.ts";

export interface TrafficPlan {
  payers: TestStudent[];
  creditSpenders: Array<TestStudent & { bundleId: string }>;
  /** Free slots of any instructor, taken one at a time by the payers. */
  slots: Slot[];
  /** Free slots of the bundles' instructor, for the credit spenders. */
  creditSlots: Slot[];
}

/** Students, bundles bought and paid for up front, and enough free slots for the run. */
export async function planTraffic(baseUrl: string, pool: pg.Pool, payers: number, spenders: number) {
  const students = await insertStudents(pool, payers + spenders);
  const token = students[0]?.token ?? "";
  const slots: Slot[] = [];
  for (let day = 3; day < 10; day++) slots.push(...(await listSlots(baseUrl, token, weekdayAhead(day))));
  const instructorId = slots[0]?.instructorId ?? "";
  const isCreditSlot = (s: Slot) => s.instructorId === instructorId && !s.isPoolHours;
  const creditSpenders = [];
  for (const student of students.slice(payers)) {
    const bought = await call(baseUrl, "POST", "/api/student/bundles/purchase", {
      token: student.token,
      body: { totalLessons: 10, pricePerLesson: 70, instructorId },
    });
    const paymentId = (bought.body as { payment: { id: string } }).payment.id;
    const paid = await call(baseUrl, "POST", `/api/student/bundles/confirm/${paymentId}`, {
      token: student.token,
    });
    const bundleId = (paid.body as { payment: { bundle: { id: string } } }).payment.bundle.id;
    if (!bundleId) throw new Error(`bundle not bought: ${JSON.stringify(paid.body)}`);
    creditSpenders.push({ ...student, bundleId });
  }
  return {
    payers: students.slice(0, payers),
    creditSpenders,
    slots: slots.filter((s) => !isCreditSlot(s)),
    creditSlots: slots.filter(isCreditSlot),
  } satisfies TrafficPlan;
}

/**
 * Runs the plan until `until()` says stop (or the slots run out); resolves with every answer. Answers
 * are also pushed to `answers` as they arrive, for a test that waits on what has happened so far.
 */
export async function runTraffic(
  baseUrl: string,
  plan: TrafficPlan,
  until: () => boolean,
  answers: Answer[] = [],
) {
  const slots = [...plan.slots];
  const creditSlots = [...plan.creditSlots];
  const payer = async (student: TestStudent) => {
    while (!until()) {
      const slot = slots.shift();
      if (!slot) return;
      const held = await call(baseUrl, "POST", "/api/student/bookings/batch", {
        token: student.token,
        body: { bookings: [asBooking(slot)] },
      });
      answers.push(held);
      const paymentId = (held.body as { payment?: { id: string } }).payment?.id;
      if (held.status !== 201 || !paymentId) continue;
      answers.push(
        await call(baseUrl, "POST", `/api/student/bookings/batch/confirm/${paymentId}`, {
          token: student.token,
        }),
      );
    }
  };
  const spender = async (student: TestStudent & { bundleId: string }) => {
    while (!until()) {
      const slot = creditSlots.shift();
      if (!slot) return;
      answers.push(
        await call(baseUrl, "POST", `/api/student/bundles/${student.bundleId}/bookings`, {
          token: student.token,
          body: { bookings: [{ startTime: slot.startTime, endTime: slot.endTime }] },
        }),
      );
    }
  };
  await Promise.all([...plan.payers.map(payer), ...plan.creditSpenders.map(spender)]);
  return answers;
}
