/**
 * Access tokens (JWT, HS256): issued by the auth and accounts use cases, verified by the route guard
 * (plugins/auth.ts). Here, not in the plugin, so no service imports an HTTP plugin.
 */
import type { Role } from "@kerb/shared";
import { SignJWT } from "jose";

export interface AuthConfig {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
}

export interface AuthenticatedUser {
  id: string;
  role: Role;
  /**
   * When the session this access token belongs to began (sign-in, or the last refresh with a refresh
   * token): extending it without a refresh token is bounded from here (extend-session).
   */
  sessionStartedAt?: Date;
}

/** What an access token is issued for: the user's token version goes into it as `ver`. */
export interface AccessTokenSubject extends AuthenticatedUser {
  tokenVersion: number;
}

export const ACCESS_TOKEN_TYPE = "access";

export async function signAccessToken(config: AuthConfig, user: AccessTokenSubject, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + config.accessTtlSeconds;
  // `role` is informative only: the guard reads the role from the database on every request.
  // `ses`: the session's start, carried over by extend-session, a new one with every other issue.
  const ses = Math.floor((user.sessionStartedAt ?? now).getTime() / 1000);
  const token = await new SignJWT({ role: user.role, typ: ACCESS_TOKEN_TYPE, ver: user.tokenVersion, ses })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(config.secret);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}
