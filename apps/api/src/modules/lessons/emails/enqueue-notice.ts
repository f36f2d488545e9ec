/** How a notice is enqueued: through the unit of work, one email at a time, at the caller's clock. */
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
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
