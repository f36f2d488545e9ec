/**
 * An alert email's link, opened by its learner: the time it offers and whether it is still free
 * (GET), and "Hold this time" (POST), which holds it through the checkout's own hold for the normal
 * hold period, then the usual payment. Holding needs the button, not the link: mail scanners open
 * links, and a hold made by one would keep the time from everyone for half an hour.
 */
import {
  type holdTimeAlertOfferRequest,
  OWN_LESSON_CLASH_MESSAGE,
  type Suburb,
  type TimeAlertOfferResponse,
} from "@kerb/shared";
import { centsToDollars, sydneyDateOf } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findOpenSlots, type OpenSlot } from "../availability/index.ts";
import { holdLessons } from "../checkout/index.ts";
import { type OfferClaim, readOffer } from "./offer-token.ts";
import * as repo from "./time-alerts.repository.ts";

/** The sentence the second learner to press the button reads (409 slot_unavailable). */
export const TIME_TAKEN_MESSAGE =
  "Someone else took this time. Your alert is still on: we will email you when another time frees up.";

const LINK_LAPSED_MESSAGE =
  "This link has lapsed: links in alert emails work for a day. Your alert is still on, and we will email you about the next time that frees up.";

async function openOffer(ctx: AppContext, studentId: string, token: string) {
  const claim = readOffer(ctx.auth.secret, token);
  if (!claim)
    throw new AppError("not_found", "This link is not one of ours: open it from the alert email again");
  const alert = await repo.findTimeAlert(ctx.db, claim.alertId);
  // Someone else's link reads as unknown: it says nothing about another learner's alert.
  if (!alert || alert.studentId !== studentId) {
    throw new AppError("not_found", "This link is not one of ours: open it from the alert email again");
  }
  const now = ctx.now();
  if (now.getTime() >= claim.expiresAt.getTime()) throw new AppError("link_expired", LINK_LAPSED_MESSAGE);
  return { claim, alert, now };
}

/** The offered time in the slot list right now, or undefined when someone else has it. */
async function slotNow(
  ctx: AppContext,
  claim: OfferClaim,
  suburb: string,
  now: Date,
): Promise<OpenSlot | undefined> {
  const date = sydneyDateOf(claim.start);
  try {
    const slots = await findOpenSlots(ctx.db, {
      suburb: suburb as Suburb,
      startDate: date,
      endDate: date,
      instructorId: claim.instructorId,
      lessonMinutes: claim.lessonMinutes,
      now,
    });
    return slots.find((s) => s.start.getTime() === claim.start.getTime());
  } catch (err) {
    // A time that slipped out of the booking horizon is simply not free.
    if (err instanceof AppError && err.code === "validation_error") return undefined;
    throw err;
  }
}

/** GET /student/time-alert-offers/{token}. */
export async function getTimeAlertOffer(
  ctx: AppContext,
  studentId: string,
  token: string,
): Promise<TimeAlertOfferResponse> {
  const { claim, alert, now } = await openOffer(ctx, studentId, token);
  const slot = await slotNow(ctx, claim, alert.suburb, now);
  // The time's instructor: the alert's own, or (a suburb alert) whoever the time was with.
  const name = (await repo.findPersonName(ctx.db, claim.instructorId)) ?? { firstName: "", lastName: "" };
  return {
    offer: {
      alertId: alert.id,
      instructor: { id: claim.instructorId, ...name },
      suburb: alert.suburb,
      startTime: claim.start.toISOString(),
      endTime: new Date(claim.start.getTime() + claim.lessonMinutes * 60_000).toISOString(),
      lessonMinutes: claim.lessonMinutes,
      price: slot ? centsToDollars(slot.priceCents) : null,
      isPoolHours: slot?.isPoolHours ?? false,
      available: slot !== undefined,
      expiresAt: claim.expiresAt.toISOString(),
    },
  };
}

/**
 * POST /student/time-alert-offers/{token}/hold: first come first served. The time is held with the
 * checkout's own hold (its price recomputed from the slot list); whoever comes second gets 409
 * slot_unavailable with TIME_TAKEN_MESSAGE and keeps their alert. The first learner's alert ends
 * (TIME_HELD): they have their earlier time.
 */
export async function holdTimeAlertOffer(
  ctx: AppContext,
  studentId: string,
  token: string,
  request: z.output<typeof holdTimeAlertOfferRequest>,
) {
  const { claim, alert, now } = await openOffer(ctx, studentId, token);
  const slot = await slotNow(ctx, claim, alert.suburb, now);
  if (!slot) throw new AppError("slot_unavailable", TIME_TAKEN_MESSAGE);
  let held: Awaited<ReturnType<typeof holdLessons>>;
  try {
    held = await holdLessons(ctx, studentId, {
      suburb: alert.suburb as Suburb,
      bookings: [
        {
          instructorId: claim.instructorId,
          startTime: slot.start.toISOString(),
          endTime: slot.end.toISOString(),
          price: centsToDollars(slot.priceCents),
          isPoolHours: slot.isPoolHours,
          pickupLocation: request.pickupLocation ?? null,
        },
      ],
    });
  } catch (err) {
    // Taken between our look and the hold: the exclusion constraint decided, first come first served.
    if (
      err instanceof AppError &&
      err.code === "slot_unavailable" &&
      err.message !== OWN_LESSON_CLASH_MESSAGE
    ) {
      throw new AppError("slot_unavailable", TIME_TAKEN_MESSAGE);
    }
    throw err;
  }
  await repo.endTimeAlert(ctx.db, alert.id, { reason: "TIME_HELD", at: now });
  return held;
}
