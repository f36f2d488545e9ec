import {
  authResponse,
  errorResponses,
  extendSessionRequest,
  extendSessionResponse,
  instructorRegistrationRequest,
  loginRequest,
  logoutRequest,
  meResponse,
  okResponse,
  refreshRequest,
  refreshResponse,
  studentRegistrationRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { extendSession } from "./extend-session.ts";
import { getCurrentUser } from "./get-current-user.ts";
import { logIn } from "./log-in.ts";
import { logOut } from "./log-out.ts";
import { refreshSession } from "./refresh-session.ts";
import { registerInstructor } from "./register-instructor.ts";
import { registerStudent } from "./register-student.ts";
import { TRUSTED_DEVICE_COOKIE, trustedDeviceCookieOptions } from "./trusted-device.ts";

// 403: a suspended account signing in or refreshing (account_suspended).
const errors = errorResponses(400, 401, 403, 409, 429);

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Per-IP brute-force limit on the routes that check or create passwords.
  const credentialLimit = { rateLimit: { max: ctx.env.AUTH_RATE_LIMIT_MAX, timeWindow: "1 minute" } };
  const tags = ["auth"];

  app.post(
    "/login",
    {
      schema: {
        tags,
        operationId: "loginUser",
        summary: "Sign in with email and password",
        description:
          "Answers an access token, a refresh token and the user. Wrong email or password is 401 " +
          "invalid_credentials either way; repeated failures for one account earn a growing wait (429 " +
          "too_many_attempts with Retry-After): per address, and for every address once the account is " +
          "under attack, except from a browser that signed in to it before (the kerb_device cookie, set " +
          "on every successful sign-in).",
        body: loginRequest,
        response: { 200: authResponse, ...errors },
      },
      config: credentialLimit,
    },
    async (request, reply) => {
      const { session, deviceCookie } = await logIn(ctx, request.body.email, request.body.password, {
        address: request.ip,
        deviceCookie: request.cookies[TRUSTED_DEVICE_COOKIE],
      });
      reply.setCookie(TRUSTED_DEVICE_COOKIE, deviceCookie, trustedDeviceCookieOptions);
      return session;
    },
  );

  app.post(
    "/register/student",
    {
      schema: {
        tags,
        operationId: "registerStudent",
        summary: "Create a student account",
        description:
          "Creates the account and signs it in. The suburb must be one Kerb serves; an email already " +
          "registered is 409 email_taken.",
        body: studentRegistrationRequest,
        response: { 201: authResponse, ...errors },
      },
      config: credentialLimit,
    },
    async (request, reply) => reply.status(201).send(await registerStudent(ctx, request.body)),
  );

  app.post(
    "/register/instructor",
    {
      schema: {
        tags,
        operationId: "registerInstructor",
        summary: "Create an instructor account",
        description:
          "Creates the account and signs it in. The instructor is not listed to students until an admin " +
          "has verified their licence and Working-With-Children check.",
        body: instructorRegistrationRequest,
        response: { 201: authResponse, ...errors },
      },
      config: credentialLimit,
    },
    async (request, reply) => reply.status(201).send(await registerInstructor(ctx, request.body)),
  );

  app.post(
    "/refresh",
    {
      schema: {
        tags,
        operationId: "refreshSession",
        summary: "Swap a refresh token for new tokens",
        description:
          "Refresh tokens are single-use: each call answers a new pair. Presenting a used one again ends " +
          "every session descended from that sign-in (401).",
        body: refreshRequest,
        response: { 200: refreshResponse, ...errors },
      },
    },
    (request) => refreshSession(ctx, request.body.refreshToken),
  );

  app.post(
    "/logout",
    {
      schema: {
        tags,
        operationId: "logoutUser",
        summary: "Sign out",
        description:
          "Ends the refresh token's sessions and every access token of its user. A valid bearer token sent " +
          "instead names the user, so a client that lost its refresh token can still sign out.",
        // Nullish: Fastify validates a missing body as null.
        body: logoutRequest.nullish(),
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      // A valid bearer token sent along names the user even when no refresh token is given.
      if (request.headers.authorization)
        await ctx
          .guard()(request)
          .catch(() => undefined);
      await logOut(ctx, request.body?.refreshToken, request.user?.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/me",
    {
      schema: {
        tags,
        operationId: "getCurrentUser",
        summary: "The signed-in user",
        description: "The user the bearer token belongs to; 401 once the session has ended.",
        security: [{ bearerAuth: [] }],
        response: { 200: meResponse, ...errors },
      },
      onRequest: ctx.guard(),
    },
    async (request) => getCurrentUser(ctx, currentUser(request)),
  );

  app.post(
    "/extend-session",
    {
      schema: {
        tags,
        operationId: "extendSession",
        summary: "Get a fresh access token",
        description:
          "Answers a new access token for the signed-in user and when it expires, e.g. while a booking " +
          "is in progress; the refresh token is unchanged.",
        security: [{ bearerAuth: [] }],
        body: extendSessionRequest.nullish(),
        response: { 200: extendSessionResponse, ...errors },
      },
      onRequest: ctx.guard(),
    },
    (request) => extendSession(ctx, currentUser(request)),
  );
};
