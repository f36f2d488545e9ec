import type { Role } from "@kerb/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify } from "jose";
import {
  ACCESS_TOKEN_TYPE,
  type AccessTokenSubject,
  type AuthConfig,
  type AuthenticatedUser,
  signAccessToken,
} from "../lib/access-token.ts";
import { AppError } from "../lib/app-error.ts";

// Signing lives in lib (services issue tokens without importing an HTTP plugin); re-exported for callers
// that have not moved.
export { type AccessTokenSubject, type AuthConfig, type AuthenticatedUser, signAccessToken };

/**
 * The guard's per-request look-up (one primary-key read): the user's current role and token version,
 * or undefined when the user no longer exists.
 */
type SessionLookup = (userId: string) => Promise<{ role: Role; tokenVersion: number } | undefined>;

declare module "fastify" {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_ENDED = "Your session has ended. Please sign in again.";

interface VerifiedClaims {
  id: string;
  ver: number;
  expiresAtMs: number;
  /** The session's start (`ses`; a token from before it carried one: its own issue time). */
  sessionStartedAtMs: number;
}

/**
 * Remembers tokens whose signature and claims were already checked, by their exact text: the HMAC
 * check through WebCrypto is the dearest step of a signed-in request, and a session sends the same
 * token for 15 minutes. An entry holds only what the token itself says and never outlives its expiry;
 * revocation is still decided by the guard's database read on every request. One per guard, so one
 * secret per memory.
 */
function createTokenVerifier(config: AuthConfig) {
  const limit = 10_000;
  const verified = new Map<string, VerifiedClaims>();
  return async (token: string): Promise<VerifiedClaims> => {
    const known = verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known;
    const claims = await verifySignedToken(config, token);
    if (verified.size >= limit) verified.clear();
    verified.set(token, claims);
    return claims;
  };
}

async function verifySignedToken(config: AuthConfig, token: string): Promise<VerifiedClaims> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: ["HS256"],
      // A token without an expiry would be valid for ever.
      requiredClaims: ["exp", "sub"],
    });
    if (
      payload.typ !== ACCESS_TOKEN_TYPE ||
      typeof payload.sub !== "string" ||
      !UUID_PATTERN.test(payload.sub)
    )
      throw new Error("wrong token type");
    if (typeof payload.ver !== "number" || !Number.isInteger(payload.ver))
      throw new Error("no token version");
    const ses = typeof payload.ses === "number" ? payload.ses : (payload.iat ?? 0);
    return {
      id: payload.sub,
      ver: payload.ver,
      expiresAtMs: (payload.exp ?? 0) * 1000,
      sessionStartedAtMs: ses * 1000,
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError("token_expired", "Your session has expired");
    throw new AppError("unauthorized", "Please sign in to continue");
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

/**
 * Route guard, used as an `onRequest` hook so it runs before body validation: no or bad token → 401,
 * a token older than the user's token version (logout, role change) or of a deleted user → 401,
 * a role not in `roles` → 403. With no roles given, any signed-in user passes. The role is the
 * database's, never the token's, so a demotion takes effect on the next request.
 */
export function createGuard(config: AuthConfig, lookup: SessionLookup) {
  const verifyAccessToken = createTokenVerifier(config);
  return (...roles: Role[]) =>
    async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError("unauthorized", "Please sign in to continue");
      const claims = await verifyAccessToken(token);
      const current = await lookup(claims.id);
      if (!current || current.tokenVersion !== claims.ver) throw new AppError("unauthorized", SESSION_ENDED);
      const user: AuthenticatedUser = {
        id: claims.id,
        role: current.role,
        sessionStartedAt: new Date(claims.sessionStartedAtMs),
      };
      if (roles.length > 0 && !roles.includes(user.role)) {
        throw new AppError("forbidden", "You do not have access to this resource");
      }
      request.user = user;
    };
}

export type Guard = ReturnType<typeof createGuard>;

/**
 * Personal answers must not be kept by browsers or shared caches: every /api response to a request
 * that carried credentials, and every /api/auth response (they carry tokens), is `no-store`.
 */
export function registerNoStoreForPrivateResponses(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.url;
    const isApi = url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
    if (isApi && (request.headers.authorization || request.user || url.startsWith("/api/auth/"))) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}

/** For handlers behind a guard: the signed-in user, which the guard has already checked. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError("unauthorized", "Please sign in to continue");
  return request.user;
}

/** The signed-in user's id: the owner every portal route reads and writes for. */
export function currentUserId(request: FastifyRequest): string {
  return currentUser(request).id;
}
