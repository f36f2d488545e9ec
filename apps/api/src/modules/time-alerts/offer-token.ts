/**
 * The token an alert email's link carries: which alert, instructor, start and length it offers, and when
 * it lapses, signed with the app's secret (HMAC-SHA256 under its own purpose prefix, apart from the JWTs
 * made with the same secret). Signed rather than stored: the offer needs no row, and the hold itself
 * is decided by the slot list and the bookings' exclusion constraint, first come first served.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface OfferClaim {
  alertId: string;
  instructorId: string;
  start: Date;
  lessonMinutes: number;
  expiresAt: Date;
}

const PURPOSE = "time-alert-offer:";

const sign = (secret: Uint8Array, payload: string) =>
  createHmac("sha256", secret)
    .update(PURPOSE + payload)
    .digest("base64url");

export function signOffer(secret: Uint8Array, claim: OfferClaim): string {
  const payload = Buffer.from(
    JSON.stringify([
      claim.alertId,
      claim.instructorId,
      claim.start.getTime(),
      claim.lessonMinutes,
      claim.expiresAt.getTime(),
    ]),
  ).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The claim a token carries when we signed it; null for anything else (made up, cut short, altered). */
export function readOffer(secret: Uint8Array, token: string): OfferClaim | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [alertId, instructorId, startMs, lessonMinutes, expiresMs] = JSON.parse(
      Buffer.from(payload, "base64url").toString("utf8"),
    ) as [string, string, number, number, number];
    if (typeof alertId !== "string" || typeof instructorId !== "string") return null;
    return {
      alertId,
      instructorId,
      start: new Date(startMs),
      lessonMinutes,
      expiresAt: new Date(expiresMs),
    };
  } catch {
    return null;
  }
}
