import { instructorCompliance, sydneyTodayDate, type UnlistedReason } from "@kerb/shared/rules";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import * as repo from "./compliance.repository.ts";
import {
  COMPLIANCE_EMAIL_KINDS,
  instructorDelistedEmail,
  instructorVerifiedEmail,
} from "./compliance-emails.ts";
import { notifyStudentsOfUnavailability } from "./unavailable-notices.ts";

/**
 * Students are told when their instructor is delisted or a document lapsed; not when the only gap is a
 * date an admin never recorded (an instructor listed before dates were required): that is ours to fix,
 * from the flagged list, before it worries anyone.
 */
export function shouldTellStudents(reasons: UnlistedReason[]): boolean {
  return reasons.some((r) => r !== "DOCUMENTS_MISSING");
}

/** In the caller's transaction: the "you're verified" email. */
export async function notifyInstructorVerified(
  uow: UnitOfWork,
  input: { instructorId: string; now: Date; appUrl?: string },
) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return;
  await uow.email({
    kind: COMPLIANCE_EMAIL_KINDS.verified,
    to: { email: contact.email, name: `${contact.firstName} ${contact.lastName}` },
    ...instructorVerifiedEmail({ instructor: contact, documents: contact, appUrl: input.appUrl }),
    now: input.now,
  });
}

interface DelistInput {
  instructorId: string;
  now: Date;
  appUrl?: string;
  /** Was the instructor listed just before this change (decides the email's wording)? */
  wasListed: boolean;
  /** The admin's reason, when an admin delisted them. */
  note?: string | null;
  /** Leave out to always email the instructor (an admin action); the scan passes one to email once. */
  instructorDedupeKey?: string;
}

/**
 * In the caller's transaction, after the instructor stopped being listable: emails the instructor and
 * tells every student with a lesson still to come (one email each, each lesson once). Returns what was
 * enqueued; the instructor email's id is null when its dedupe key had already been used.
 */
export async function notifyInstructorDelisted(uow: UnitOfWork, input: DelistInput) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return { instructorEmailId: null, studentsNotified: 0, lessonsAffected: 0 };
  const { reasons } = instructorCompliance(contact, sydneyTodayDate(input.now));
  const lessons = await repo.listFutureLessonsWithStudents(uow.tx, input.instructorId, input.now);
  const [instructorEmailId = null] = await uow.email({
    kind: COMPLIANCE_EMAIL_KINDS.delisted,
    to: { email: contact.email, name: `${contact.firstName} ${contact.lastName}` },
    ...instructorDelistedEmail({
      instructor: contact,
      reasons,
      note: input.note,
      documents: contact,
      wasListed: input.wasListed,
      lessonsAffected: lessons.length,
      appUrl: input.appUrl,
    }),
    ...(input.instructorDedupeKey ? { dedupeKey: input.instructorDedupeKey } : {}),
    now: input.now,
  });
  const studentsNotified = shouldTellStudents(reasons)
    ? await notifyStudents(uow, contact, lessons, input)
    : 0;
  return { instructorEmailId, studentsNotified, lessonsAffected: lessons.length };
}

/**
 * In the caller's transaction, when the instructor may not teach for now (their licence or WWC number
 * changed and awaits verification): every student with a lesson still to come is told, one email each,
 * each lesson once (the scan's keys, so the scan does not tell them again). Returns how many were emailed.
 */
export async function notifyStudentsInstructorUnavailable(
  uow: UnitOfWork,
  input: { instructorId: string; now: Date; appUrl?: string },
) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return 0;
  const lessons = await repo.listFutureLessonsWithStudents(uow.tx, input.instructorId, input.now);
  return notifyStudents(uow, contact, lessons, input);
}

// One email per student, listing every lesson of theirs not told of yet (unavailable-notices.ts).
const notifyStudents = notifyStudentsOfUnavailability;
