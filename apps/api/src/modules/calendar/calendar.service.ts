import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./calendar.repository.ts";
import { renderCalendar } from "./ical.ts";

// What instructor-calendar-token creates: 32 random bytes, base64url.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function createCalendarService(ctx: AppContext) {
  return {
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
