import type { AuthResponse, AuthUser, extendSessionResponse, RefreshResponse, Role } from "@kerb/shared";
import type { z } from "zod";

/*
 * Hand-written twins of the shared zod schemas `authResponse`, `meResponse`, `refreshResponse` and
 * `extendSessionResponse`, for checks on the first load of a page: restoring the stored session,
 * reading a token refresh, a login or registration answer, the navbar's re-read of the signed-in user,
 * and the booking wizard's keepalive. Using zod here put zod, every shared schema and date-fns (~40 KB
 * gzip) on the critical path of /, /login and /register. session-shape.test.ts holds these to the zod schemas, so the shapes cannot drift apart.
 * Nothing here is a security boundary: the server checks every token.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

// Spelled out rather than imported (ROLES): importing it placed all of constants.ts on the first load.
// The Record type fails to compile if a role is added to or removed from the shared `Role`.
const KNOWN_ROLES: Record<Role, true> = { STUDENT: true, INSTRUCTOR: true, ADMIN: true, GUARDIAN: true };
const isRole = (value: unknown): value is Role => isString(value) && Object.hasOwn(KNOWN_ROLES, value);

// The same pattern zod's z.uuid() accepts (RFC 9562 versions 1-8, plus the nil and max UUIDs).
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Like `refreshResponse.safeParse`: both tokens present as strings. */
export function isTokenPair(value: unknown): value is RefreshResponse {
  return isRecord(value) && isString(value.accessToken) && isString(value.refreshToken);
}

/** Like `extendSessionResponse.safeParse`; the booking wizard's keepalive, kept off its first load. */
export function isExtendedSession(value: unknown): value is z.infer<typeof extendSessionResponse> {
  return isRecord(value) && isString(value.accessToken) && isString(value.expiresAt);
}

/** Like `authUser.safeParse`: the signed-in user's id, email, known role, names and phone. */
function isAuthUser(user: unknown): user is AuthUser {
  return (
    isRecord(user) &&
    isString(user.id) &&
    UUID.test(user.id) &&
    isString(user.email) &&
    isRole(user.role) &&
    isString(user.firstName) &&
    isString(user.lastName) &&
    (user.phone === null || isString(user.phone))
  );
}

/** Like `authResponse.safeParse`: a user with a known role and both tokens. */
export function isAuthSession(value: unknown): value is AuthResponse {
  return isTokenPair(value) && isAuthUser((value as { user?: unknown }).user);
}

/** Like `meResponse.safeParse`: GET /auth/me's answer, the signed-in user as the server knows them now. */
export function isMeResponse(value: unknown): value is { user: AuthUser } {
  return isRecord(value) && isAuthUser(value.user);
}

/** Only the schema's keys, as zod's parse returns them. */
export function pickAuthUser({ id, email, role, firstName, lastName, phone }: AuthUser): AuthUser {
  return { id, email, role, firstName, lastName, phone };
}

/**
 * Returns only the schema's keys, as zod's parse does: a stored session with extra keys (an older
 * format) must not carry them along into state and back into storage.
 */
export function pickAuthSession(value: AuthResponse): AuthResponse {
  return {
    user: pickAuthUser(value.user),
    accessToken: value.accessToken,
    refreshToken: value.refreshToken,
  };
}

/** For the login and registration answers: the session as the API promises it, or an error. */
export function parseAuthSession(value: unknown): AuthResponse {
  if (!isAuthSession(value)) throw new Error("The server's answer was not a session.");
  return pickAuthSession(value);
}
