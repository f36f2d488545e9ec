import type { Role } from "@kerb/shared";
import type { FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../lib/app-error.ts";

export interface AuthConfig {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
}

export interface AuthenticatedUser {
  id: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

const ACCESS_TOKEN_TYPE = "access";

export async function signAccessToken(config: AuthConfig, user: AuthenticatedUser, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + config.accessTtlSeconds;
  const token = await new SignJWT({ role: user.role, typ: ACCESS_TOKEN_TYPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(config.secret);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

async function verifyAccessToken(config: AuthConfig, token: string): Promise<AuthenticatedUser> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: ["HS256"],
    });
    const role = payload.role;
    if (payload.typ !== ACCESS_TOKEN_TYPE || typeof payload.sub !== "string")
      throw new Error("wrong token type");
    if (role !== "STUDENT" && role !== "INSTRUCTOR" && role !== "ADMIN") throw new Error("unknown role");
    return { id: payload.sub, role };
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
 * a role not in `roles` → 403. With no roles given, any signed-in user passes.
 */
export function createGuard(config: AuthConfig) {
  return (...roles: Role[]) =>
    async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError("unauthorized", "Please sign in to continue");
      const user = await verifyAccessToken(config, token);
      if (roles.length > 0 && !roles.includes(user.role)) {
        throw new AppError("forbidden", "You do not have access to this resource");
      }
      request.user = user;
    };
}

export type Guard = ReturnType<typeof createGuard>;

/** For handlers behind a guard: the signed-in user, which the guard has already checked. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError("unauthorized", "Please sign in to continue");
  return request.user;
}
