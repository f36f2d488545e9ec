import { z } from "zod";
import type { StoredBookingDraft } from "@/lib/booking-draft";

// Only the part of the wizard's draft the student's pages read (the checkout it opened, if any), so they
// do not load the wizard's own draft schema.
const draftCheckout = z.object({
  pendingCheckout: z.object({ response: z.object({ payment: z.object({ id: z.string() }) }) }),
});

/** The payment a saved booking draft holds lessons for, or null when it has opened none. */
export function draftHeldPaymentId(draft: StoredBookingDraft | null): string | null {
  const parsed = draftCheckout.safeParse(draft);
  return parsed.success ? parsed.data.pendingCheckout.response.payment.id : null;
}
