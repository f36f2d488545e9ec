/**
 * Trusted devices, as OWASP's "device cookies": a browser that has signed in to an account carries a
 * cookie holding a random device id and an HMAC of that id and the account, made with the app's secret.
 * Presented again for the same account, it lets the sign-in past the account's attack wait
 * (login-throttle.ts), so a stranger's guessing cannot lock the owner out of their own phone. It proves
 * nothing else: the password is still checked, and a stolen cookie only buys a guesser the owner's own
 * per-device wait. The account's email is not in the cookie, only in the signature.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { CookieSerializeOptions } from "@fastify/cookie";

export const TRUSTED_DEVICE_COOKIE = "kerb_device";

/** Sent only to the sign-in routes; kept half a year from the last sign-in. */
export const trustedDeviceCookieOptions: CookieSerializeOptions = {
  path: "/api/auth",
  httpOnly: true,
  sameSite: "strict",
  // Secure whenever the request came over HTTPS (behind a trusted proxy, by X-Forwarded-Proto).
  secure: "auto",
  maxAge: 180 * 24 * 3600,
};

// The purpose prefix keeps this signature apart from the JWTs and invoice keys made with the same secret.
function signature(secret: Uint8Array, deviceId: string, account: string): string {
  return createHmac("sha256", secret).update(`login-device:${deviceId}:${account}`).digest("base64url");
}

/** The device id when the cookie was issued by us for this account, else undefined. */
export function trustedDeviceOf(secret: Uint8Array, cookie: string | undefined, account: string) {
  const [deviceId, presented, ...rest] = (cookie ?? "").split(".");
  if (!deviceId || !presented || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(secret, deviceId, account));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : undefined;
}

/** The cookie for a device that has just signed in: its id kept when it had one for this account. */
export function trustedDeviceCookie(
  secret: Uint8Array,
  account: string,
  deviceId: string = randomUUID(),
): string {
  return `${deviceId}.${signature(secret, deviceId, account)}`;
}
