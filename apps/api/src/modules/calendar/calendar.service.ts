import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { setCalendarToken } from "../instructors/index.ts";
import * as repo from "./calendar.repository.ts";
import { renderCalendar } from "./ical.ts";

// What rotateFeed creates: 32 random bytes, base64url.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function calendarFeedPath(token: string) {
  return `/api/calendar/${token}.ics`;
}

export function createCalendarService(ctx: AppContext) {
  async function requireInstructor(instructorId: string) {
    const found = await repo.findCalendarToken(ctx.db, instructorId);
    if (!found) throw new AppError("not_found", "Instructor profile not found");
    return found;
  }

  return {
    /** The instructor's current feed URL, or null when the feed is off. */
    async getFeedUrl(instructorId: string) {
      const { token } = await requireInstructor(instructorId);
      return { url: token ? calendarFeedPath(token) : null };
    },

    /** A new secret each time: rotating invalidates the previous feed URL at once. */
    async rotateFeed(instructorId: string) {
      await requireInstructor(instructorId);
      const token = randomBytes(32).toString("base64url");
      await setCalendarToken(ctx.db, instructorId, token);
      return { url: calendarFeedPath(token) };
    },

    async revokeFeed(instructorId: string) {
      await requireInstructor(instructorId);
      await setCalendarToken(ctx.db, instructorId, null);
      return { ok: true as const };
    },

    /**
     * The instructor's SCHEDULED lessons as an iCalendar feed. The token is the only credential, so an
     * unknown, malformed or revoked one is a plain 404 that says nothing about which it was.
     */
    async renderFeed(token: string): Promise<string> {
      const instructor = TOKEN_PATTERN.test(token)
        ? await repo.findInstructorByCalendarToken(ctx.db, token)
        : undefined;
      if (!instructor) throw new AppError("not_found", "Calendar feed not found");
      const lessons = await repo.listScheduledLessons(ctx.db, instructor.id);
      return renderCalendar({
        name: `Kerb lessons – ${instructor.firstName} ${instructor.lastName}`,
        stamp: ctx.now(),
        events: lessons.map((lesson) => ({
          uid: `${lesson.id}@kerb`,
          start: lesson.startTime,
          end: lesson.endTime,
          // First name only: feeds end up in shared calendars.
          summary: `Driving lesson – ${lesson.studentFirstName}`,
          location: lesson.pickupLocation ?? lesson.suburb,
          description: [`Suburb: ${lesson.suburb}`, lesson.isPoolHours ? "Pool hours lesson" : null]
            .filter(Boolean)
            .join("\n"),
          lastModified: lesson.createdAt,
        })),
      });
    },
  };
}
