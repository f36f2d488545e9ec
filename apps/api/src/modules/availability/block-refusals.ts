/**
 * Whether an instructor is free for a block at an arbitrary time (a driving-test package's pick-up to
 * drop-off, issue 33), by the same rules and inputs as the hourly lessons of open-slots.ts: within one
 * working window of the day, not on a public holiday they do not teach, the notice respected, the
 * daily cap counted, nothing overlapping and the drive to and from the lessons around it possible with
 * their buffer. Lessons start on the hour; a block need not, so it is checked here rather than matched
 * against the engine's starts.
 */
import { MIN_LEAD_TIME_MINUTES, SUBURBS, type Suburb } from "@kerb/shared";
import { type BookingHorizon, sydneyDateOf, sydneyTodayDate } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import type { SlotInstructor } from "./availability.repository.ts";
import { assertWithinBookingHorizon } from "./open-slots.ts";
import { databaseSchedules } from "./schedule-source.ts";
import { calendarDays, type InstructorSchedule } from "./slot-generator.ts";
import { fitsWorkingHours } from "./working-hours.ts";

/** Why an instructor cannot take a block; the caller words it. */
export type BlockRefusal =
  | "not_teaching"
  | "public_holiday"
  | "notice"
  | "outside_hours"
  | "overlap"
  | "travel"
  | "daily_cap";

export interface Block {
  start: Date;
  end: Date;
}

/** Unknown suburb for the travel rule: only an overlap blocks (travelMinutesByIndex gives 0). */
const NOWHERE = -1;

/** The first reason `schedule` cannot take `block` at the pick-up `suburb` (its SUBURBS index); null when free. */
export function blockRefusal(
  schedule: InstructorSchedule,
  block: Block,
  suburb: number,
  now: Date,
): BlockRefusal | null {
  const date = sydneyDateOf(block.start);
  const [day] = calendarDays(date, date);
  if (!day) return "outside_hours";
  const { settings, busy } = schedule;
  const startMs = block.start.getTime();
  const endMs = block.end.getTime();
  if (schedule.lastDate !== null && date > schedule.lastDate) return "not_teaching";
  if (day.isPublicHoliday && !settings.teachesPublicHolidays) return "public_holiday";
  const noticeMinutes = Math.max(settings.minNoticeHours * 60, MIN_LEAD_TIME_MINUTES);
  if (startMs - now.getTime() < noticeMinutes * 60_000) return "notice";
  const exceptions = [...(schedule.exceptionsByDate.get(date) ?? [])];
  if (
    !fitsWorkingHours({ startTime: block.start, endTime: block.end }, [...schedule.weeklyRules], exceptions)
  ) {
    return "outside_hours";
  }
  if (busy.blocks(startMs, endMs, NOWHERE, 0)) return "overlap";
  if (busy.blocks(startMs, endMs, suburb, settings.travelBufferMinutes)) return "travel";
  const cap = settings.dailyLessonCap;
  if (cap !== null && busy.countStarting(day.startMs, day.endMs) >= cap) return "daily_cap";
  return null;
}

export interface BlockAnswer {
  instructor: SlotInstructor;
  settings: InstructorSchedule["settings"];
  refusal: BlockRefusal | null;
}

/**
 * Each instructor's answer for their own block at the pick-up `suburb`, read from the database (inside
 * the caller's transaction when it passes one). An instructor missing from the answer is not listable
 * or does not teach in the suburb. The blocks' dates must lie inside the booking horizon, as lessons'.
 */
export async function blockRefusals(
  db: Executor,
  query: {
    suburb: Suburb;
    now: Date;
    blocks: ReadonlyArray<Block & { instructorId: string }>;
    /** A block being moved (a test pack to a new test time): it does not stand in its own way. */
    excludeBookingId?: string;
  },
): Promise<Map<string, BlockAnswer>> {
  const { suburb, now, blocks, excludeBookingId } = query;
  const answers = new Map<string, BlockAnswer>();
  if (blocks.length === 0) return answers;
  const dates = blocks.flatMap((b) => [sydneyDateOf(b.start), sydneyDateOf(b.end)]).sort();
  const firstDate = dates[0] ?? "";
  const endDate = dates.at(-1) ?? "";
  assertWithinBookingHorizon(firstDate, endDate, now);
  const { instructors, schedules } = await databaseSchedules(db).load(
    { today: sydneyTodayDate(now), suburb, instructorIds: blocks.map((b) => b.instructorId) },
    { firstDate, endDate, now, ...(excludeBookingId ? { excludeBookingId } : {}) },
    {},
  );
  const at = SUBURBS.indexOf(suburb);
  for (const instructor of instructors) {
    const schedule = schedules.get(instructor.id);
    const block = blocks.find((b) => b.instructorId === instructor.id);
    if (!schedule || !block) continue;
    answers.set(instructor.id, {
      instructor,
      settings: schedule.settings,
      refusal: blockRefusal(schedule, block, at, now),
    });
  }
  return answers;
}

/** One instructor's answer for each of several blocks, and whether they closed that day (leave, a day off). */
export interface InstructorBlockAnswers {
  instructor: SlotInstructor;
  answers: Array<{ refusal: BlockRefusal | null; closedThatDay: boolean }>;
}

/**
 * The same rules as blockRefusals for several blocks of one instructor (a weekly series' weeks), read
 * in one statement over the blocks' span; each block is judged on its own, against what is booked.
 * Null when the instructor is not listable or does not teach in the suburb. `horizon` lets a caller
 * reach past the booking horizon (a series' later weeks).
 */
export async function instructorBlockRefusals(
  db: Executor,
  query: {
    suburb: Suburb;
    now: Date;
    instructorId: string;
    blocks: readonly Block[];
    horizon?: BookingHorizon;
  },
): Promise<InstructorBlockAnswers | null> {
  const { suburb, now, blocks, instructorId } = query;
  const dates = blocks.flatMap((b) => [sydneyDateOf(b.start), sydneyDateOf(b.end)]).sort();
  const firstDate = dates[0] ?? sydneyTodayDate(now);
  const endDate = dates.at(-1) ?? firstDate;
  assertWithinBookingHorizon(firstDate, endDate, now, query.horizon);
  const { instructors, schedules } = await databaseSchedules(db).load(
    { today: sydneyTodayDate(now), suburb, instructorIds: [instructorId] },
    { firstDate, endDate, now },
    {},
  );
  const instructor = instructors.find((i) => i.id === instructorId);
  const schedule = schedules.get(instructorId);
  if (!instructor || !schedule) return null;
  const at = SUBURBS.indexOf(suburb);
  return {
    instructor,
    answers: blocks.map((block) => ({
      refusal: blockRefusal(schedule, block, at, now),
      closedThatDay: (schedule.exceptionsByDate.get(sydneyDateOf(block.start)) ?? []).some(
        (e) => e.kind === "CLOSED",
      ),
    })),
  };
}
