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
import { createAuthService } from "./auth.service.ts";

const errors = errorResponses(400, 401, 409, 429);

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const auth = createAuthService(ctx);
  // Per-IP brute-force limit on the routes that check or create passwords.
  const credentialLimit = { rateLimit: { max: ctx.env.AUTH_RATE_LIMIT_MAX, timeWindow: "1 minute" } };
  const tags = ["auth"];

  app.post(
    "/login",
    {
      schema: { tags, body: loginRequest, response: { 200: authResponse, ...errors } },
      config: credentialLimit,
    },
    (request) => auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    "/register/student",
    {
      schema: { tags, body: studentRegistrationRequest, response: { 201: authResponse, ...errors } },
      config: credentialLimit,
    },
    async (request, reply) => reply.status(201).send(await auth.registerStudent(request.body)),
  );

  app.post(
    "/register/instructor",
    {
      schema: { tags, body: instructorRegistrationRequest, response: { 201: authResponse, ...errors } },
      config: credentialLimit,
    },
    async (request, reply) => reply.status(201).send(await auth.registerInstructor(request.body)),
  );

  app.post(
    "/refresh",
    { schema: { tags, body: refreshRequest, response: { 200: refreshResponse, ...errors } } },
    (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    "/logout",
    { schema: { tags, body: logoutRequest.optional(), response: { 200: okResponse, ...errors } } },
    async (request) => {
      // A valid bearer token sent along names the user even when no refresh token is given.
      if (request.headers.authorization)
        await ctx
          .guard()(request)
          .catch(() => undefined);
      await auth.logout(request.body?.refreshToken, request.user?.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/me",
    {
      schema: { tags, security: [{ bearerAuth: [] }], response: { 200: meResponse, ...errors } },
      onRequest: ctx.guard(),
    },
    async (request) => ({ user: await auth.me(currentUser(request)) }),
  );

  app.post(
    "/extend-session",
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: extendSessionRequest.optional(),
        response: { 200: extendSessionResponse, ...errors },
      },
      onRequest: ctx.guard(),
    },
    (request) => auth.extendSession(currentUser(request)),
  );
};
