/**
 * The outbox's public entry, at the bottom of the API: it knows no domain. Domains compose their own
 * emails with the branded layout and the shared formatting below and enqueue them through the unit of
 * work (`uow.email`), never through the outbox directly; delivery runs after commit and on a timer.
 */

export {
  type LessonSummary,
  type LessonTime,
  lessonWhen,
  lessonWhenShort,
  link,
  movedRows,
  type Person,
  pickupOf,
  recipient,
  withGst,
} from "./email-format.ts";
export { brandedEmail, type EmailContent, type RenderedEmail } from "./email-layout.ts";
export { listEmailsOfKindSince } from "./notifications.repository.ts";
export { ONE_TIME_SECRET_PLACEHOLDER, type OutboxEmail } from "./outbox.ts";
export { messageIdOf, type OutboxContext, startOutbox } from "./outbox-delivery.ts";
