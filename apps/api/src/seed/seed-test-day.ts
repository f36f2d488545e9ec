/**
 * Tess, the demo learner on the eve of the pass promise (issue 33): ten lessons with the demo instructor
 * five to seven weeks ago, each booked, paid and marked completed, then a driving-test package at the
 * Botany centre a few working days ago whose result the instructor has not yet recorded. So a fresh
 * install shows the whole pass promise live: the instructor records "Not passed", Tess claims from her
 * progress page, the admin approves on /admin/pass-promise and a test-pack credit appears.
 */
import { isNswWorkingDay } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import {
  addHours,
  at,
  type HistoryApi,
  payForLessons,
  type SeedPerson,
  type Slot,
  weekdayFrom,
} from "./seed-api.ts";

const LESSONS = 10;
const CENTRE = "botany";
const PICKUP = "Central station, Eddy Ave";

type Option = { instructorId: string; priceExGst: number; plan: { dropOffAt: string } };

export async function seedTestDay(
  api: HistoryApi,
  clock: { now: Date },
  now: Date,
  people: { learner: SeedPerson; instructor: SeedPerson },
): Promise<void> {
  const { learner, instructor } = people;
  const today = sydneyTodayDate(now);

  // Ten weekday lessons at 17:00 (or the latest standard time that day), booked in one checkout.
  const bookedOn = weekdayFrom(addDaysToDate(today, -45));
  clock.now = at(bookedOn, 10);
  const slots: Slot[] = [];
  for (let date = addDaysToDate(bookedOn, 2); slots.length < LESSONS; date = addDaysToDate(date, 1)) {
    if (!isNswWorkingDay(date)) continue;
    const open = await api.call<Slot[]>(
      learner,
      "GET",
      `/api/student/slots?suburb=Sydney%20CBD&startDate=${date}&endDate=${date}&instructorId=${instructor.id}&lessonMinutes=60`,
    );
    const standard = open.filter((s) => !s.isPoolHours);
    const slot =
      standard.find((s) => new Date(s.startTime).getTime() === at(date, 17).getTime()) ?? standard.at(-1);
    if (slot) slots.push(slot);
  }
  const lessons = await payForLessons(api, learner, "Sydney CBD", slots, PICKUP);
  for (const lesson of lessons) {
    clock.now = addHours(new Date(lesson.endTime), 1);
    await api.call(instructor, "POST", `/api/instructor/lessons/${lesson.id}/complete`);
  }

  // The test: 10:30 on a working day three or more days ago when the demo instructor was free for it.
  let testDate = addDaysToDate(today, -3);
  for (let tries = 0; tries < 10; tries += 1, testDate = addDaysToDate(testDate, -1)) {
    if (!isNswWorkingDay(testDate)) continue;
    const testAt = sydneyWallTimeToInstant(testDate, 10 * 60 + 30);
    if (!testAt) continue;
    clock.now = at(addDaysToDate(testDate, -7), 10);
    const { options } = await api.call<{ options: Option[] }>(
      learner,
      "GET",
      `/api/student/test-packs/options?centreId=${CENTRE}&testAt=${encodeURIComponent(testAt.toISOString())}`,
    );
    const option = options.find((o) => o.instructorId === instructor.id);
    if (!option) continue;
    const held = await api.call<{ payment: { id: string } }>(learner, "POST", "/api/student/test-packs", {
      instructorId: instructor.id,
      centreId: CENTRE,
      testAt: testAt.toISOString(),
      price: option.priceExGst,
      pickupLocation: PICKUP,
    });
    await api.call(learner, "POST", `/api/student/bookings/batch/confirm/${held.payment.id}`);
    // Taught; the result is the instructor's to record in the demo.
    clock.now = addHours(new Date(option.plan.dropOffAt), 1);
    return;
  }
  throw new Error("seed: the demo instructor had no morning free for Tess's driving test");
}
