/** Test helpers for the student's own lessons: booked and paid through the API, as a new student would. */
import { expect } from "vitest";
import { asBooking, listSlots } from "../../test/booking-fixtures.ts";
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
  const slots = await listSlots(http, student.accessToken, {
    date: query.date,
    instructorId: query.instructorId,
  });
  const slot = slots.find((s) => s.isPoolHours === (query.pool ?? false));
  if (!slot) throw new Error(`no ${query.pool ? "pool" : "standard"} slot on ${query.date}`);
  const batch = await http.post(
    "/api/student/bookings/batch",
    { bookings: [asBooking(slot)] },
    student.accessToken,
  );
  expect(batch.status).toBe(201);
  const paymentId: string = batch.body.payment.id;
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
    amount: batch.body.payment.amount as number,
  };
}
