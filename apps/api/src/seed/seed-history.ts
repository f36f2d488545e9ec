/**
 * The demo history, made the way a real one is made: through the API's own use cases, at the times it
 * happened (a clock set back), so every completed demo lesson was booked, paid, taught and reviewed like
 * any other. Its payments, ledger journals, earnings, audit entries and emails are exactly what those
 * use cases write, and the ledger balances on a fresh install.
 */
import { isNswWorkingDay } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import type { DatabaseHandle } from "../db/client.ts";
import {
  addHours,
  at,
  type HistoryApi,
  historyApp,
  type Lesson,
  payForLessons,
  type ReviewPlan,
  type SeedPerson,
  type Slot,
  weekdayFrom,
} from "./seed-api.ts";
import { seedTestDay } from "./seed-test-day.ts";

/**
 * `student` books three lessons with `instructor` in one checkout eleven days ago and pays: two hours
 * taught last week (marked completed), an hour taught two days ago and not yet marked, and 90 minutes
 * still to come (one checkout may mix lengths). Then each reviewer's lessons: booked and paid a few
 * days ahead, taught, marked completed and reviewed.
 */
export async function seedHistory(
  database: DatabaseHandle,
  input: {
    now: Date;
    student: SeedPerson;
    instructor: SeedPerson;
    reviews: ReviewPlan[];
    /** The learner on the eve of the pass promise (seed-test-day.ts). */
    testDayLearner: SeedPerson;
  },
): Promise<void> {
  const clock = { now: input.now };
  const api = await historyApp(database, clock);
  try {
    const today = sydneyTodayDate(input.now);
    const pastDate = weekdayFrom(addDaysToDate(today, -8));
    const futureDate = weekdayFrom(addDaysToDate(today, 4));
    // Taught two days ago (or the last weekday before): the instructor's "Mark completed" has work to do.
    let unmarkedDate = addDaysToDate(today, -2);
    while (!isNswWorkingDay(unmarkedDate)) unmarkedDate = addDaysToDate(unmarkedDate, -1);
    clock.now = at(addDaysToDate(pastDate, -3), 10);
    const wanted: Array<[start: Date, minutes: number]> = [
      [at(pastDate, 16), 120],
      [at(unmarkedDate, 8), 60],
      [at(futureDate, 16), 90],
    ];
    const slots: Slot[] = [];
    for (const [start, minutes] of wanted) {
      const date = sydneyTodayDate(start);
      const open = await api.call<Slot[]>(
        input.student,
        "GET",
        `/api/student/slots?suburb=Sydney%20CBD&startDate=${date}&endDate=${date}&instructorId=${input.instructor.id}&lessonMinutes=${minutes}`,
      );
      const slot =
        open.find((s) => new Date(s.startTime).getTime() === start.getTime()) ??
        open.find((s) => !s.isPoolHours);
      if (!slot) throw new Error(`seed: the demo instructor has no free time on ${date}`);
      slots.push(slot);
    }
    const taught = await payForLessons(
      api,
      input.student,
      "Sydney CBD",
      slots,
      "Town Hall station, George St entrance",
    );
    const first = taught[0];
    if (!first) throw new Error("seed: the demo checkout booked nothing");
    clock.now = addHours(new Date(first.endTime), 2);
    await api.call(input.instructor, "POST", `/api/instructor/lessons/${first.id}/complete`);

    await seedReviewedLessons(api, clock, input.now, input.reviews);
    await seedTestDay(api, clock, input.now, { learner: input.testDayLearner, instructor: input.instructor });
  } finally {
    clock.now = input.now;
    await api.close();
  }
}

/**
 * Each reviewer, a week apart going back from eleven weeks ago, books one lesson with each of their
 * instructors (one checkout per suburb) for the next weekdays, pays, is taught, and reviews the lesson
 * the day after.
 */
async function seedReviewedLessons(api: HistoryApi, clock: { now: Date }, now: Date, reviews: ReviewPlan[]) {
  const byReviewer = new Map<string, ReviewPlan[]>();
  for (const plan of reviews)
    byReviewer.set(plan.reviewer.id, [...(byReviewer.get(plan.reviewer.id) ?? []), plan]);
  const today = sydneyTodayDate(now);
  let round = 0;
  for (const plans of byReviewer.values()) {
    const reviewer = plans[0]?.reviewer;
    if (!reviewer) continue;
    const bookedOn = weekdayFrom(addDaysToDate(today, -(80 - 6 * round)));
    round += 1;
    clock.now = at(bookedOn, 9);
    const from = addDaysToDate(bookedOn, 2);
    const to = addDaysToDate(bookedOn, 6);
    const lessons: Array<{ lesson: Lesson; plan: ReviewPlan }> = [];
    // Never two of the reviewer's lessons at once, whichever suburbs they are in.
    const taken = new Set<string>();
    const bySuburb = new Map<string, ReviewPlan[]>();
    for (const plan of plans)
      bySuburb.set(plan.instructor.suburb, [...(bySuburb.get(plan.instructor.suburb) ?? []), plan]);
    for (const [suburb, suburbPlans] of bySuburb) {
      const open = await api.call<Slot[]>(
        reviewer,
        "GET",
        `/api/student/slots?suburb=${encodeURIComponent(suburb)}&startDate=${from}&endDate=${to}`,
      );
      // One standard lesson per instructor.
      const chosen: Array<{ slot: Slot; plan: ReviewPlan }> = [];
      for (const plan of suburbPlans) {
        const slot = open.find(
          (s) => s.instructorId === plan.instructor.id && !s.isPoolHours && !taken.has(s.startTime),
        );
        if (!slot) continue;
        taken.add(slot.startTime);
        chosen.push({ slot, plan });
      }
      if (chosen.length === 0) continue;
      const booked = await payForLessons(
        api,
        reviewer,
        suburb,
        chosen.map((c) => c.slot),
        "Pick-up at home",
      );
      for (const lesson of booked) {
        const plan = chosen.find((c) => c.plan.instructor.id === lesson.instructor.id)?.plan;
        if (plan) lessons.push({ lesson, plan });
      }
    }
    // The week's lessons are taught and marked, then reviewed the day after the last one.
    lessons.sort((a, b) => a.lesson.startTime.localeCompare(b.lesson.startTime));
    for (const { lesson, plan } of lessons) {
      clock.now = addHours(new Date(lesson.endTime), 1);
      await api.call(plan.instructor, "POST", `/api/instructor/lessons/${lesson.id}/complete`);
    }
    const last = lessons.at(-1);
    if (!last) continue;
    clock.now = addHours(new Date(last.lesson.endTime), 24);
    for (const { lesson, plan } of lessons) {
      await api.call(reviewer, "POST", `/api/student/bookings/${lesson.id}/review`, {
        rating: plan.rating,
        ...(plan.comment ? { comment: plan.comment } : {}),
      });
    }
  }
}
