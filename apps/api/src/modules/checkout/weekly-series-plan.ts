/**
 * How a weekly series (issue 34, decision 043) stands, week by week: the same weekday and Sydney
 * wall-clock time with one instructor, each week judged by the availability engine's own rules (working
 * hours, leave and other exceptions, public holidays, notice, travel, the daily cap, lessons already
 * booked), priced as that date's slot is, and, where it cannot be had, the instructor's nearest other
 * free times that week. The preview shows it; the booking plans the learner's choices again under lock
 * (planLessons), so what is shown is never what is trusted.
 */
import {
  type SeriesTime,
  type SeriesWeekPreview,
  type Suburb,
  WEEKLY_SERIES_ALTERNATIVE_DAYS,
  WEEKLY_SERIES_MAX_ALTERNATIVES,
} from "@kerb/shared";
import { nswPublicHoliday } from "@kerb/shared/holidays";
import {
  addDaysToDate,
  centsToDollars,
  isListableInstructor,
  lessonMinutesBetween,
  type SeriesWeek,
  type SeriesWeekReason,
  seriesWeekReasonMessage,
  sydneyDateOf,
  sydneyMidnight,
  sydneyTodayDate,
  teachesInSuburb,
  weeklySeriesHorizon,
  weeklySeriesWeeks,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  type BlockRefusal,
  findOpenSlots,
  instructorBlockRefusals,
  type OpenSlot,
} from "../availability/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { checkLessonTimes, findStudentClashes } from "../lessons/index.ts";

export interface SeriesAsked {
  instructorId: string;
  startTime: string;
  endTime: string;
  weeks: number;
}

/** The series' weeks from its first lesson, after the checks every new lesson time gets. */
export function seriesWeeksOf(asked: SeriesAsked, now: Date): { weeks: SeriesWeek[]; minutes: number } {
  // The first week must be a lesson the learner could book on its own (length, on the hour, horizon).
  checkLessonTimes([{ startTime: asked.startTime, endTime: asked.endTime }], now);
  const minutes = lessonMinutesBetween(asked.startTime, asked.endTime);
  return { weeks: weeklySeriesWeeks(new Date(asked.startTime), minutes, asked.weeks), minutes };
}

/** The Sydney dates a week's other times may be on: its date ± a few days, never before today. */
export function alternativeDates(week: SeriesWeek, now: Date): { from: string; to: string } {
  const today = sydneyTodayDate(now);
  const from = addDaysToDate(week.date, -WEEKLY_SERIES_ALTERNATIVE_DAYS);
  return { from: from < today ? today : from, to: addDaysToDate(week.date, WEEKLY_SERIES_ALTERNATIVE_DAYS) };
}

const toSeriesTime = (slot: OpenSlot): SeriesTime => ({
  startTime: slot.start.toISOString(),
  endTime: slot.end.toISOString(),
  price: centsToDollars(slot.priceCents),
  isPoolHours: slot.isPoolHours,
});

/** The engine's refusal in the series' words; leave is an outside-hours day the instructor closed. */
function reasonOf(refusal: BlockRefusal | null, closedThatDay: boolean): SeriesWeekReason {
  switch (refusal) {
    case "public_holiday":
      return "public_holiday";
    case "outside_hours":
      return closedThatDay ? "instructor_leave" : "outside_hours";
    case "overlap":
      return "taken";
    case "travel":
      return "travel";
    case "notice":
      return "notice";
    case "daily_cap":
      return "cap";
    case "not_teaching":
      return "not_teaching";
    default:
      // Free by the block rules but not offered (a length the instructor does not teach): not at this time.
      return "outside_hours";
  }
}

export interface PlannedWeek extends SeriesWeekPreview {
  /** The open slot at the series' time, when available (its price in cents is the one charged). */
  slot: OpenSlot | null;
  /** The offered other times as open slots (a move must be one of them). */
  alternativeSlots: OpenSlot[];
}

/**
 * Every week of the series as it stands now, read outside any lock: the preview's answer, and the
 * booking's list of the other times a moved week may take.
 */
export async function planSeriesWeeks(
  db: Executor,
  input: { studentId: string; suburb: Suburb; asked: SeriesAsked; now: Date },
): Promise<{ instructor: { id: string; firstName: string; lastName: string }; weeks: PlannedWeek[] }> {
  const { suburb, asked, now } = input;
  const { weeks, minutes } = seriesWeeksOf(asked, now);
  const horizon = weeklySeriesHorizon(now);
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) throw new AppError("bad_request", "A weekly lesson needs at least two weeks");
  const range = { from: alternativeDates(first, now).from, to: alternativeDates(last, now).to };

  const withStart = weeks.filter((w): w is SeriesWeek & { start: Date; end: Date } => w.start !== null);
  const answers = await instructorBlockRefusals(db, {
    suburb,
    now,
    instructorId: asked.instructorId,
    blocks: withStart.map((w) => ({ start: w.start, end: w.end })),
    horizon,
  });
  if (!answers) {
    const listing = await findInstructorListing(db, asked.instructorId);
    if (
      listing &&
      isListableInstructor(listing, sydneyTodayDate(now)) &&
      !teachesInSuburb(listing.suburbs, suburb)
    ) {
      throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}`);
    }
    throw new AppError("not_found", "That instructor is not available for booking");
  }
  const { instructor } = answers;
  const [open, own] = await Promise.all([
    findOpenSlots(db, {
      suburb,
      startDate: range.from,
      endDate: range.to,
      instructorId: asked.instructorId,
      now,
      lessonMinutes: minutes,
      horizon,
    }),
    findStudentClashes(
      db,
      input.studentId,
      [{ start: sydneyMidnight(range.from), end: sydneyMidnight(addDaysToDate(range.to, 1)) }],
      now,
    ),
  ]);
  const clashesOwn = (start: Date, end: Date) =>
    own.some((l) => l.startTime.getTime() < end.getTime() && l.endTime.getTime() > start.getTime());
  const free = open.filter((s) => !clashesOwn(s.start, s.end));

  const planned = weeks.map((week): PlannedWeek => {
    const base = {
      week: week.week,
      date: week.date,
      startTime: week.start?.toISOString() ?? null,
      endTime: week.end?.toISOString() ?? null,
    };
    const slot = week.start ? free.find((s) => s.start.getTime() === week.start?.getTime()) : undefined;
    if (slot) {
      return {
        ...base,
        available: true,
        price: centsToDollars(slot.priceCents),
        isPoolHours: slot.isPoolHours,
        reason: null,
        alternatives: [],
        slot,
        alternativeSlots: [],
      };
    }
    let code: SeriesWeekReason;
    if (!week.start || !week.end) code = "no_such_time";
    else if (clashesOwn(week.start, week.end)) code = "own_lesson";
    else {
      const answer = answers.answers[withStart.indexOf(week as SeriesWeek & { start: Date; end: Date })];
      code = reasonOf(answer?.refusal ?? null, answer?.closedThatDay ?? false);
    }
    const message = seriesWeekReasonMessage(code, {
      date: week.date,
      holiday: nswPublicHoliday(week.date),
      instructorFirstName: instructor.firstName,
    });
    const { from, to } = alternativeDates(week, now);
    const aim = (week.start ?? sydneyMidnight(week.date)).getTime();
    const alternativeSlots = free
      .filter((s) => sydneyDateOf(s.start) >= from && sydneyDateOf(s.start) <= to)
      .sort((a, b) => Math.abs(a.start.getTime() - aim) - Math.abs(b.start.getTime() - aim))
      .slice(0, WEEKLY_SERIES_MAX_ALTERNATIVES);
    return {
      ...base,
      available: false,
      price: null,
      isPoolHours: false,
      reason: { code, message },
      alternatives: alternativeSlots.map(toSeriesTime),
      slot: null,
      alternativeSlots,
    };
  });
  return {
    instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
    weeks: planned,
  };
}
