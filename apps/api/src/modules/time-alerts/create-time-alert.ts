import { type createTimeAlertRequest, TIME_ALERT_MAX_ACTIVE, type TimeAlert } from "@kerb/shared";
import {
  clockMinutes,
  isListableInstructor,
  sydneyTodayDate,
  teachesInSuburb,
  timeAlertWindowProblems,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { readAvailabilityCounters } from "../availability/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { bookingSuburb, findStudent, lockStudentForCheckout } from "../students/index.ts";
import { openTimesOf, slotKey, versionFor } from "./open-times.ts";
import { toTimeAlert } from "./time-alert-views.ts";
import * as repo from "./time-alerts.repository.ts";

type CreateRequest = z.output<typeof createTimeAlertRequest>;

const minutesOf = (time: string | undefined) =>
  time === undefined ? null : time === "24:00" ? 1440 : clockMinutes(time);

/**
 * POST /student/time-alerts: "tell me when a time frees up" with an instructor (or any in the suburb)
 * between two Sydney dates. The times already open when it is made are remembered as known: the alert is
 * about times that open later (a learner who wants one of today's free times books it).
 */
export async function createTimeAlert(
  ctx: AppContext,
  studentId: string,
  request: CreateRequest,
): Promise<TimeAlert> {
  const now = ctx.now();
  const window = {
    fromDate: request.fromDate,
    toDate: request.toDate,
    fromMinute: minutesOf(request.fromTime),
    toMinute: minutesOf(request.toTime),
    weekdays: request.weekdays && request.weekdays.length > 0 ? request.weekdays : null,
    lessonMinutes: request.lessonMinutes,
  };
  const problems = timeAlertWindowProblems(window, now);
  if (problems.length > 0) {
    throw new AppError("validation_error", problems[0]?.message ?? "Check the alert's dates", problems);
  }
  const student = await findStudent(ctx.db, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const suburb = bookingSuburb(request.suburb, student.suburb);
  const instructorId = request.instructorId ?? null;
  if (instructorId) {
    const listing = await findInstructorListing(ctx.db, instructorId);
    if (!listing || !isListableInstructor(listing, sydneyTodayDate(now))) {
      throw new AppError("not_found", "That instructor is not taking bookings on Kerb");
    }
    if (!teachesInSuburb(listing.suburbs, suburb)) {
      throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}`, {
        path: "instructorId",
      });
    }
  }

  const id = await ctx.transact(async (uow) => {
    // Counted under the learner's lock: two forms sent at once cannot both pass the cap.
    await lockStudentForCheckout(uow.tx, studentId);
    if ((await repo.countActiveAlertsOf(uow.tx, studentId)) >= TIME_ALERT_MAX_ACTIVE) {
      throw new AppError(
        "conflict",
        `You already have ${TIME_ALERT_MAX_ACTIVE} alerts on. End one before setting another.`,
      );
    }
    // Counters before the slot list: a change in between is seen again by the next scan, never lost.
    const counters = await readAvailabilityCounters(uow.tx, instructorId ? [instructorId] : []);
    const query = { ...window, instructorId, suburb };
    const open = await openTimesOf(uow.tx, query, now);
    return repo.insertTimeAlert(uow.tx, {
      studentId,
      instructorId,
      suburb,
      ...window,
      createdAt: now,
      seenVersion: versionFor(query, counters),
      knownSlots: open.map(slotKey),
    });
  });
  const row = await repo.findTimeAlert(ctx.db, id);
  if (!row) throw new Error("time alert vanished");
  return toTimeAlert(row);
}
