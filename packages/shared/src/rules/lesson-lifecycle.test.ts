import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "../constants.ts";
import {
  canTransitionLesson,
  LESSON_ACTORS,
  LESSON_TRANSITIONS,
  type LessonAction,
  lessonMovesFrom,
  lessonStatusWords,
  lessonTransitionRefusal,
} from "./lesson-lifecycle.ts";

const actions = Object.keys(LESSON_TRANSITIONS) as LessonAction[];

describe("lesson lifecycle", () => {
  it("is this table (from → to, by whom)", () => {
    const table = actions.map((action) => {
      const t = LESSON_TRANSITIONS[action];
      return `${action}: ${t.from?.join("|") ?? "(new)"} → ${t.to} by ${t.by.join(", ")}`;
    });
    expect(table).toEqual([
      "hold: (new) → PENDING_PAYMENT by STUDENT",
      "book: (new) → SCHEDULED by STUDENT",
      "confirm: PENDING_PAYMENT → SCHEDULED by SYSTEM",
      "release: PENDING_PAYMENT → EXPIRED by STUDENT, SYSTEM",
      "reschedule: SCHEDULED → SCHEDULED by STUDENT",
      "complete: SCHEDULED → COMPLETED by INSTRUCTOR",
      "noShow: SCHEDULED → NO_SHOW by INSTRUCTOR",
      "cancel: SCHEDULED → CANCELLED by STUDENT, INSTRUCTOR, ADMIN",
      "settleNoShow: NO_SHOW → NO_SHOW by ADMIN",
      "refundHeld: SCHEDULED|COMPLETED|NO_SHOW → CANCELLED by ADMIN",
    ]);
  });

  it("allows exactly the table's (action, from, actor) triples", () => {
    const states: Array<BookingStatus | null> = [null, ...BOOKING_STATUSES];
    for (const action of actions) {
      const t = LESSON_TRANSITIONS[action];
      for (const from of states) {
        for (const by of LESSON_ACTORS) {
          const fromOk =
            t.from === null ? from === null : from !== null && (t.from as readonly string[]).includes(from);
          const byOk = (t.by as readonly string[]).includes(by);
          expect(canTransitionLesson(action, from, by), `${action} ${from} ${by}`).toBe(fromOk && byOk);
        }
      }
    }
  });

  it("explains a refused status in the words the API answers with", () => {
    expect(lessonTransitionRefusal("cancel", "COMPLETED", "STUDENT")).toBe(
      "Only scheduled lessons can be cancelled; this lesson is completed",
    );
    expect(lessonTransitionRefusal("reschedule", "PENDING_PAYMENT", "STUDENT")).toBe(
      "Only scheduled lessons can be rescheduled; this lesson is pending payment",
    );
    expect(lessonTransitionRefusal("complete", "NO_SHOW", "INSTRUCTOR")).toBe(
      "Only scheduled lessons can be marked completed; this lesson is no show",
    );
    expect(lessonTransitionRefusal("noShow", "CANCELLED", "INSTRUCTOR")).toBe(
      "Only scheduled lessons can be marked a no-show; this lesson is cancelled",
    );
    expect(lessonTransitionRefusal("confirm", "EXPIRED", "SYSTEM")).toBe(
      "Only pending payment lessons can be confirmed; this lesson is expired",
    );
    expect(lessonTransitionRefusal("hold", "SCHEDULED", "STUDENT")).toBe("Only a new lesson can be held");
  });

  it("explains a refused actor", () => {
    expect(lessonTransitionRefusal("complete", "SCHEDULED", "STUDENT")).toBe(
      "A lesson can be marked completed only by its instructor",
    );
    expect(lessonTransitionRefusal("cancel", "SCHEDULED", "SYSTEM")).toBe(
      "A lesson can be cancelled only by its student, its instructor or an admin",
    );
    expect(lessonTransitionRefusal("confirm", "PENDING_PAYMENT", "STUDENT")).toBe(
      "A lesson can be confirmed only by Kerb itself",
    );
  });

  it("finishes: cancelled and expired lessons go nowhere; a completed lesson or a no-show only if held", () => {
    for (const status of ["CANCELLED", "EXPIRED"] as const) {
      expect(lessonMovesFrom(status), status).toEqual([]);
    }
    // Taught while the instructor could not teach (rules/teaching-stops.ts): an admin may refund it.
    expect(lessonMovesFrom("COMPLETED")).toEqual([{ action: "refundHeld", to: "CANCELLED", by: ["ADMIN"] }]);
    expect(lessonMovesFrom("NO_SHOW")).toEqual([
      { action: "settleNoShow", to: "NO_SHOW", by: ["ADMIN"] },
      { action: "refundHeld", to: "CANCELLED", by: ["ADMIN"] },
    ]);
    expect(lessonTransitionRefusal("settleNoShow", "COMPLETED", "ADMIN")).toBe(
      "Only no show lessons can be settled after a dispute; this lesson is completed",
    );
    expect(lessonTransitionRefusal("refundHeld", "CANCELLED", "ADMIN")).toBe(
      "Only scheduled, completed or no show lessons can be refunded as held; this lesson is cancelled",
    );
    expect(lessonMovesFrom("PENDING_PAYMENT").map((m) => m.to)).toEqual(["SCHEDULED", "EXPIRED"]);
    expect(lessonMovesFrom("SCHEDULED").map((m) => m.action)).toEqual([
      "reschedule",
      "complete",
      "noShow",
      "cancel",
      "refundHeld",
    ]);
  });

  it("reaches every status from a new lesson", () => {
    const reached = new Set<BookingStatus>();
    let frontier: BookingStatus[] = actions
      .filter((a) => LESSON_TRANSITIONS[a].from === null)
      .map((a) => LESSON_TRANSITIONS[a].to);
    while (frontier.length > 0) {
      const next: BookingStatus[] = [];
      for (const status of frontier) {
        if (reached.has(status)) continue;
        reached.add(status);
        next.push(...lessonMovesFrom(status).map((m) => m.to));
      }
      frontier = next;
    }
    expect([...reached].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it("writes statuses as words", () => {
    expect(lessonStatusWords("PENDING_PAYMENT")).toBe("pending payment");
    expect(lessonStatusWords("NO_SHOW")).toBe("no show");
  });
});
