/** What every notice shares: one email through the unit of work, a recipient, a lesson's summary. */
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import type { LessonSummary } from "../../notifications/index.ts";
import type * as repo from "./notice-rows.ts";

export { recipient } from "../../notifications/index.ts";

import type { OutboxEmail } from "../../notifications/index.ts";

/** One email through the unit of work: its id, or null when its dedupe key was there already. */
export async function enqueueOne(uow: UnitOfWork, email: OutboxEmail): Promise<string | null> {
  const [id] = await uow.email(email);
  return id ?? null;
}

export interface NoticeOptions {
  now: Date;
  appUrl?: string;
}

export const toLessonSummary = (row: repo.LessonNoticeRow): LessonSummary => ({
  id: row.id,
  startTime: row.startTime,
  endTime: row.endTime,
  suburb: row.suburb,
  pickupLocation: row.pickupLocation,
  isPoolHours: row.isPoolHours,
  priceCents: row.priceCents,
});
