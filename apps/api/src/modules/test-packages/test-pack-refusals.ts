/**
 * Why an instructor cannot take a learner's test pack, as a sentence that says which: the refusals of
 * a new pack (card hold, credit) and of moving one to a new test time, one place for their wording.
 * Notice is the learner's to fix (another instructor, or a later test), so it is a 400; the rest are the
 * instructor's calendar, 409.
 */
import { formatSydneyDate, formatSydneyTime, formatSydneyTimeRange, fullName } from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";
import type { BlockAnswer } from "../availability/index.ts";

interface PlannedBlock {
  pickupAt: Date;
  dropOffAt: Date;
}

export function testPackRefusal(
  answer: BlockAnswer,
  plan: PlannedBlock,
  /** What the learner can do about a busy instructor: a new pack chooses another one. */
  advice = "Please choose another instructor.",
): AppError | null {
  const name = fullName(answer.instructor);
  const day = formatSydneyDate(plan.pickupAt);
  const block = `${formatSydneyTimeRange(plan.pickupAt, plan.dropOffAt)} on ${day}`;
  const details = { reason: answer.refusal, pickupAt: plan.pickupAt.toISOString() };
  switch (answer.refusal) {
    case null:
      return null;
    case "notice":
      return new AppError(
        "bad_request",
        `${name} needs ${answer.settings.minNoticeHours} hours' notice, and this pack would start with the ` +
          `pick-up at ${formatSydneyTime(plan.pickupAt)} on ${day}: that is too soon.`,
        details,
      );
    case "not_teaching":
      return new AppError("instructor_unavailable", `${name} cannot teach on ${day}.`, details);
    case "public_holiday":
      return new AppError(
        "instructor_unavailable",
        `${day} is a public holiday and ${name} does not teach on public holidays.`,
        details,
      );
    case "outside_hours":
      return new AppError(
        "instructor_unavailable",
        `${name} does not work the whole of this pack's time (pick-up to drop-off, ${block}).`,
        details,
      );
    case "overlap":
      return new AppError(
        "slot_unavailable",
        `${name} already has a lesson between the pick-up and the drop-off (${block}). ${advice}`,
        details,
      );
    case "travel":
      return new AppError(
        "slot_unavailable",
        `${name} cannot reach the pick-up at ${formatSydneyTime(plan.pickupAt)} from their lesson before, ` +
          `or their next lesson from the drop-off at ${formatSydneyTime(plan.dropOffAt)}, in time. ${advice}`,
        details,
      );
    case "daily_cap":
      return new AppError("instructor_unavailable", `${name} is fully booked on ${day}.`, details);
  }
}
