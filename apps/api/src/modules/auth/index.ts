/**
 * The auth module's public entry: what other modules may call. Auth owns sessions (refresh tokens and
 * the token version); opaque tokens are made and hashed the same way for every purpose.
 */

export { insertGuardianUser } from "./guardian-account.ts";
export { acceptLegalDocuments, listAcceptances } from "./legal-acceptances.ts";
export { hashRefreshToken as hashOpaqueToken, newRefreshToken as newOpaqueToken } from "./refresh-token.ts";
export { endEverySession, issueSession } from "./sessions.ts";
export { TRUSTED_DEVICE_COOKIE, trustedDeviceCookie, trustedDeviceCookieOptions } from "./trusted-device.ts";
