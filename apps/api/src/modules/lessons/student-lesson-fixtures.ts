/** Test helpers for the student's own lessons: booked and paid through the API, as a new student would. */
import { expect } from "vitest";
import { holdLesson } from "../../test/booking-fixtures.ts";
import type { api } from "../../test/http.ts";

export type Http = ReturnType<typeof api>;
export type Student = { accessToken: string; user: { id: string } };

/** A lesson the student booked and paid for through the API, as a new student would. */
export async function bookPaidLesson(
  http: Http,
  student: Student,
  query: { date: string; instructorId: string; pool?: boolean },
  pay: (paymentId: string) => void = () => {},
) {
  const { paymentId, slot } = await holdLesson(http, student.accessToken, {
    ...query,
    pool: query.pool ?? false,
  });
  pay(paymentId);
  const confirm = await http.post(
    `/api/student/bookings/batch/confirm/${paymentId}`,
    undefined,
    student.accessToken,
  );
  expect(confirm.status).toBe(200);
  const lesson = confirm.body.payment.lessons[0];
  return {
    id: lesson.id as string,
    paymentId,
    slot,
    start: new Date(lesson.startTime),
    amount: confirm.body.payment.amount as number,
  };
}
