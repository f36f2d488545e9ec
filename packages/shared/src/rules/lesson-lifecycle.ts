/**
 * The lesson lifecycle as data: every change a lesson's status may go through, from which status, to
 * which, and by whom. The API's lessons module checks each write against it (and repeats the `from`
 * in the SQL, so a concurrent change is caught), and a refusal is explained in these words.
 *
 *   (new) ──hold──▶ PENDING_PAYMENT ──confirm──▶ SCHEDULED ──complete──▶ COMPLETED
 *   (new) ──book (credits)────────────────────▶ SCHEDULED ──noShow────▶ NO_SHOW
 *                   PENDING_PAYMENT ──release──▶ EXPIRED     SCHEDULED ──cancel────▶ CANCELLED
 *                                                          SCHEDULED ──reschedule─▶ SCHEDULED (new time)
 *                                                          NO_SHOW ──settleNoShow─▶ NO_SHOW (kept or refunded)
 *   SCHEDULED, COMPLETED or NO_SHOW taught during a teaching stop ──refundHeld──▶ CANCELLED (refunded)
 */
import type { BookingStatus } from "../constants.ts";

/** Who changes a lesson: its student, its instructor, an admin, or Kerb itself (payments, the hold sweep). */
export const LESSON_ACTORS = ["STUDENT", "INSTRUCTOR", "ADMIN", "SYSTEM"] as const;
export type LessonActor = (typeof LESSON_ACTORS)[number];

export interface LessonTransition {
  /** The statuses it starts from; null: it creates the lesson. */
  readonly from: readonly BookingStatus[] | null;
  readonly to: BookingStatus;
  readonly by: readonly LessonActor[];
  /** The past participle for messages: "Only scheduled lessons can be {verb}". */
  readonly verb: string;
}

export const LESSON_TRANSITIONS = {
  /** A card checkout holds the slot until the payment arrives (or the hold lapses). */
  hold: { from: null, to: "PENDING_PAYMENT", by: ["STUDENT"], verb: "held" },
  /** Bundle credits book the lesson at once: the money was paid with the bundle. */
  book: { from: null, to: "SCHEDULED", by: ["STUDENT"], verb: "booked" },
  /** The payment arrived while the hold was active. */
  confirm: { from: ["PENDING_PAYMENT"], to: "SCHEDULED", by: ["SYSTEM"], verb: "confirmed" },
  /**
   * The slot is given back unpaid: the student lets the checkout go, or Kerb does (the hold lapsed,
   * the card provider refused the payment, the money came too late).
   */
  release: { from: ["PENDING_PAYMENT"], to: "EXPIRED", by: ["STUDENT", "SYSTEM"], verb: "released" },
  /** Same status, new time: the student moves the lesson (rules/cancellation.ts `canReschedule` says until when). */
  reschedule: { from: ["SCHEDULED"], to: "SCHEDULED", by: ["STUDENT"], verb: "rescheduled" },
  complete: { from: ["SCHEDULED"], to: "COMPLETED", by: ["INSTRUCTOR"], verb: "marked completed" },
  noShow: { from: ["SCHEDULED"], to: "NO_SHOW", by: ["INSTRUCTOR"], verb: "marked a no-show" },
  /** Before it starts; what comes back is rules/cancellation.ts's business. */
  cancel: {
    from: ["SCHEDULED"],
    to: "CANCELLED",
    by: ["STUDENT", "INSTRUCTOR", "ADMIN"],
    verb: "cancelled",
  },
  /**
   * Same status, its value settled: an admin decides a student's no-show dispute, keeping the lesson's
   * value or refunding it (rules/no-show-disputes.ts says until when, and records it as the kept value).
   */
  settleNoShow: { from: ["NO_SHOW"], to: "NO_SHOW", by: ["ADMIN"], verb: "settled after a dispute" },
  /**
   * A lesson taught while its instructor could not teach (rules/teaching-stops.ts), refunded by an admin:
   * cancelled after the fact, its value given back and nothing kept, whether or not it was marked.
   */
  refundHeld: {
    from: ["SCHEDULED", "COMPLETED", "NO_SHOW"],
    to: "CANCELLED",
    by: ["ADMIN"],
    verb: "refunded as held",
  },
} as const satisfies Record<string, LessonTransition>;

export type LessonAction = keyof typeof LESSON_TRANSITIONS;

/** A status in a sentence: "no show", "pending payment". */
export function lessonStatusWords(status: BookingStatus): string {
  return status.toLowerCase().replaceAll("_", " ");
}

const ACTOR_WORDS: Record<LessonActor, string> = {
  STUDENT: "its student",
  INSTRUCTOR: "its instructor",
  ADMIN: "an admin",
  SYSTEM: "Kerb itself",
};

function joinOr(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/**
 * Why `by` may not take `action` on a lesson that is `from` (null: a new lesson), in the words the API
 * answers with; null when the lifecycle allows it.
 */
export function lessonTransitionRefusal(
  action: LessonAction,
  from: BookingStatus | null,
  by: LessonActor,
): string | null {
  const transition: LessonTransition = LESSON_TRANSITIONS[action];
  if (transition.from === null ? from !== null : from === null || !transition.from.includes(from)) {
    if (transition.from === null) return `Only a new lesson can be ${transition.verb}`;
    const allowed = joinOr(transition.from.map(lessonStatusWords));
    return `Only ${allowed} lessons can be ${transition.verb}; this lesson is ${from === null ? "new" : lessonStatusWords(from)}`;
  }
  if (!transition.by.includes(by)) {
    return `A lesson can be ${transition.verb} only by ${joinOr(transition.by.map((a) => ACTOR_WORDS[a]))}`;
  }
  return null;
}

export function canTransitionLesson(
  action: LessonAction,
  from: BookingStatus | null,
  by: LessonActor,
): boolean {
  return lessonTransitionRefusal(action, from, by) === null;
}

/** Where a lesson in `status` can go, and who may take it there: nothing for a finished lesson. */
export function lessonMovesFrom(
  status: BookingStatus,
): Array<{ action: LessonAction; to: BookingStatus; by: readonly LessonActor[] }> {
  return (Object.entries(LESSON_TRANSITIONS) as Array<[LessonAction, LessonTransition]>)
    .filter(([, t]) => t.from?.includes(status))
    .map(([action, t]) => ({ action, to: t.to, by: t.by }));
}
