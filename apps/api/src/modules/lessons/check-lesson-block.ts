/**
 * A lesson record at an arbitrary time and length (a driving-test package's block, issue 33) is placed
 * like planned lessons are (plan-lessons.ts): under the instructor's schedule lock, held to the end of
 * the caller's transaction, the instructor's calendar is read and the block checked against it (travel,
 * buffer, notice, hours, daily cap: availability's blockRefusals). The exclusion constraint stays the
 * last word when the caller writes it.
 */
import type { Suburb } from "@kerb/shared";
import type { Executor } from "../../db/client.ts";
import { type BlockAnswer, blockRefusals } from "../availability/index.ts";
import { lockInstructorSchedules } from "./schedule-lock.ts";

/**
 * The instructor's answer for [start, end) at the pick-up `suburb` (refusal null: free), or undefined
 * when they are not listable or do not teach in the suburb. Call inside the transaction that writes it.
 */
export async function checkLessonBlock(
  tx: Executor,
  input: {
    instructorId: string;
    suburb: Suburb;
    start: Date;
    end: Date;
    now: Date;
    /** The lesson being moved into the block: its own time does not count as taken. */
    excludeBookingId?: string;
  },
): Promise<BlockAnswer | undefined> {
  await lockInstructorSchedules(tx, [input.instructorId]);
  const answers = await blockRefusals(tx, {
    suburb: input.suburb,
    now: input.now,
    blocks: [{ instructorId: input.instructorId, start: input.start, end: input.end }],
    ...(input.excludeBookingId ? { excludeBookingId: input.excludeBookingId } : {}),
  });
  return answers.get(input.instructorId);
}
