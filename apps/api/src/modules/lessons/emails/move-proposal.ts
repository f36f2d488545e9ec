/**
 * A new time proposed for a lesson by its instructor or an admin: to the student (with links that open
 * the bookings page on the proposal, to accept or decline it), to the instructor when an admin proposed
 * it, to the proposer once the student has answered, and to the student when the proposer withdraws it.
 */
import type { MoveProposerRole } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { formatSydneyDate, formatSydneyTime, fullName } from "@kerb/shared/rules";
import {
  brandedEmail,
  type LessonSummary,
  type LessonTime,
  lessonWhen,
  lessonWhenShort,
  link,
  movedRows,
  type Person,
  pickupOf,
  type RenderedEmail,
} from "../../notifications/index.ts";

interface MoveProposedData {
  proposalId: string;
  student: Person;
  instructor: Person;
  /** The lesson at its present time. */
  lesson: LessonSummary;
  proposed: LessonTime;
  proposedBy: MoveProposerRole;
  note: string | null;
  lapsesAt: Date;
  appUrl?: string;
}

/** The student's email: the new time, and how to answer before it lapses. */
export function moveProposed(data: MoveProposedData): RenderedEmail {
  // The instructor is named once: as the proposer when it is them, as the lesson's instructor otherwise.
  const proposal =
    data.proposedBy === "INSTRUCTOR"
      ? `Your instructor, ${fullName(data.instructor)}, proposes a new time for your lesson.`
      : `Kerb's support team proposes a new time for your lesson with ${fullName(data.instructor)}.`;
  const review = link(data.appUrl, paths.student.bookings({ proposal: data.proposalId }));
  const accept = link(data.appUrl, paths.student.bookings({ proposal: data.proposalId, answer: "accept" }));
  const decline = link(data.appUrl, paths.student.bookings({ proposal: data.proposalId, answer: "decline" }));
  const until = `${formatSydneyTime(data.lapsesAt)} on ${formatSydneyDate(data.lapsesAt)}`;
  return brandedEmail({
    subject: `New time proposed for your lesson: ${lessonWhenShort(data.proposed)}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${proposal} Nothing changes unless you accept it.`,
      ...(data.note ? [`Their note: "${data.note}"`] : []),
      `You can accept or decline until ${until} (Sydney time); after that the lesson stays at its present time.`,
      ...(accept && decline ? [`Accept: ${accept}`, `Decline: ${decline}`] : []),
    ],
    details: [
      ["Now", lessonWhen(data.lesson)],
      ["Proposed", lessonWhen(data.proposed)],
      ["Instructor", fullName(data.instructor)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(review ? { action: { label: "Accept or decline", url: review } } : {}),
    footnote: "You received this email because a new time was proposed for a lesson you booked on Kerb.",
  });
}

/**
 * The instructor's email when an admin proposes a new time for their lesson: nothing changes unless the
 * student accepts, but they should keep the proposed time free.
 */
export function moveProposedToInstructor(data: Omit<MoveProposedData, "proposalId">): RenderedEmail {
  const url = link(data.appUrl, paths.instructor.lessons());
  const until = `${formatSydneyTime(data.lapsesAt)} on ${formatSydneyDate(data.lapsesAt)}`;
  return brandedEmail({
    subject: `New time proposed for your lesson with ${fullName(data.student)}: ${lessonWhenShort(data.proposed)}`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `Kerb's support team proposes a new time for your lesson with ${fullName(data.student)}. Nothing changes unless ${data.student.firstName} accepts it.`,
      ...(data.note ? [`Their note: "${data.note}"`] : []),
      `${data.student.firstName} can answer until ${until} (Sydney time); we will email you when they do. Please keep the proposed time free until then.`,
    ],
    details: [
      ["Now", lessonWhen(data.lesson)],
      ["Proposed", lessonWhen(data.proposed)],
      ["Student", fullName(data.student)],
      ["Pickup", pickupOf(data.lesson)],
    ],
    ...(url ? { action: { label: "Open lessons", url } } : {}),
    footnote: "You received this email because a new time was proposed for a lesson you teach on Kerb.",
  });
}

/** The student's email when the proposer withdraws a proposal: the lesson stays at its present time. */
export function moveProposalWithdrawn(data: {
  student: Person;
  instructor: Person;
  lesson: LessonSummary;
  proposed: LessonTime;
  proposedBy: MoveProposerRole;
  appUrl?: string;
}): RenderedEmail {
  const url = link(data.appUrl, paths.student.bookings());
  const who =
    data.proposedBy === "INSTRUCTOR"
      ? `Your instructor, ${fullName(data.instructor)},`
      : "Kerb's support team";
  return brandedEmail({
    subject: `Proposed time withdrawn: your lesson stays ${lessonWhenShort(data.lesson)}`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${who} withdrew the new time proposed for your lesson. There is nothing to answer: the lesson stays at its present time.`,
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      ["Withdrawn", lessonWhen(data.proposed)],
      ["Instructor", fullName(data.instructor)],
    ],
    ...(url ? { action: { label: "Open My bookings", url } } : {}),
    footnote: "You received this email because a new time had been proposed for a lesson you booked on Kerb.",
  });
}

interface MoveProposalAnsweredData {
  proposer: Person;
  proposedBy: MoveProposerRole;
  student: Person;
  instructor: Person;
  accepted: boolean;
  /** The lesson's time before the answer (an accepted proposal moved it to `proposed`). */
  previous: LessonTime;
  proposed: LessonTime;
  appUrl?: string;
}

/** The proposer's email: the student accepted (the lesson has moved) or declined (it has not). */
export function moveProposalAnswered(data: MoveProposalAnsweredData): RenderedEmail {
  const url = link(
    data.appUrl,
    data.proposedBy === "INSTRUCTOR" ? paths.instructor.lessons() : paths.admin.bookings(),
  );
  const lessonWith =
    data.proposedBy === "INSTRUCTOR"
      ? `your lesson with ${fullName(data.student)}`
      : `${fullName(data.student)}'s lesson with ${fullName(data.instructor)}`;
  return brandedEmail({
    subject: data.accepted
      ? `Proposed time accepted: ${fullName(data.student)} is now ${lessonWhenShort(data.proposed)}`
      : `Proposed time declined by ${fullName(data.student)}`,
    greeting: `Hi ${data.proposer.firstName},`,
    paragraphs: [
      data.accepted
        ? `${fullName(data.student)} accepted the new time you proposed for ${lessonWith}. The lesson has moved; the old time is free again.`
        : `${fullName(data.student)} declined the new time you proposed for ${lessonWith}. The lesson stays at its present time.`,
    ],
    details: data.accepted
      ? [...movedRows(data.previous, data.proposed)]
      : [
          ["Lesson", lessonWhen(data.previous)],
          ["Declined", lessonWhen(data.proposed)],
        ],
    ...(url ? { action: { label: "Open lessons", url } } : {}),
    footnote: "You received this email because you proposed a new time for a lesson on Kerb.",
  });
}
