import type { BookingStatus } from "@kerb/shared";
import { subMonths } from "date-fns";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { renderCalendar } from "../../lib/ical.ts";
import { hashOpaqueToken } from "../auth/index.ts";
import * as repo from "./calendar.repository.ts";

// What rotateCalendarFeed creates: 32 random bytes, base64url (newOpaqueToken).
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** How far back the feed keeps lessons: a year of history is what an instructor's records need. */
const FEED_HISTORY_MONTHS = 12;
/** How often a subscribed calendar should fetch the feed again (RFC 7986 REFRESH-INTERVAL): an hour. */
const FEED_REFRESH_SECONDS = 60 * 60;

const FEED_SUFFIX: Partial<Record<BookingStatus, string>> = {
  COMPLETED: " (completed)",
  NO_SHOW: " (no-show)",
};

function feedSummary(status: BookingStatus, studentFirstName: string) {
  const summary = `Driving lesson – ${studentFirstName}${FEED_SUFFIX[status] ?? ""}`;
  return status === "CANCELLED" ? `Cancelled: ${summary}` : summary;
}

/**
 * GET /calendar/:token.ics: the instructor's lessons (a year back, and all ahead) as an iCalendar feed.
 * The token is the only credential, so an unknown, malformed or revoked one is a plain 404 that says
 * nothing about which it was.
 */
export async function renderCalendarFeed(ctx: AppContext, token: string): Promise<string> {
  const instructor = TOKEN_PATTERN.test(token)
    ? await repo.findInstructorByCalendarTokenHash(ctx.db, hashOpaqueToken(token))
    : undefined;
  if (!instructor) throw new AppError("not_found", "Calendar feed not found");
  const now = ctx.now();
  const lessons = await repo.listFeedLessons(ctx.db, instructor.id, subMonths(now, FEED_HISTORY_MONTHS));
  return renderCalendar({
    name: `Kerb lessons – ${instructor.firstName} ${instructor.lastName}`,
    product: "Instructor lessons",
    stamp: now,
    refreshSeconds: FEED_REFRESH_SECONDS,
    events: lessons.map((lesson) => ({
      uid: `${lesson.id}@kerb`,
      start: lesson.startTime,
      end: lesson.endTime,
      // First name only: feeds end up in shared calendars.
      summary: feedSummary(lesson.status, lesson.studentFirstName),
      location: lesson.pickupLocation ?? lesson.suburb,
      description: [`Suburb: ${lesson.suburb}`, lesson.isPoolHours ? "Pool hours lesson" : null]
        .filter(Boolean)
        .join("\n"),
      lastModified: lesson.cancelledAt ?? lesson.completedAt ?? lesson.createdAt,
      // The same revision the lesson's emails carried, so feed and email updates agree.
      sequence: lesson.calendarSequence,
      status: lesson.status === "CANCELLED" ? "CANCELLED" : "CONFIRMED",
    })),
  });
}
