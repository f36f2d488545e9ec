import {
  changePasswordRequest,
  changePasswordResponse,
  confirmEmailChangeRequest,
  confirmEmailChangeResponse,
  emailChangeRequest,
  emailChangeResponse,
  errorResponses,
  forgotPasswordRequest,
  forgotPasswordResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from "@kerb/shared";
import { PASSWORD_RESET_TTL_MINUTES } from "@kerb/shared/rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { TRUSTED_DEVICE_COOKIE, trustedDeviceCookie, trustedDeviceCookieOptions } from "../auth/index.ts";
import { changePassword } from "./change-password.ts";
import { confirmEmailChange } from "./confirm-email-change.ts";
import { forgotPassword } from "./forgot-password.ts";
import { requestEmailChange } from "./request-email-change.ts";
import { resetPassword } from "./reset-password.ts";

/**
 * Account recovery and credentials, mounted beside the auth routes at /api/auth: forgot/reset password,
 * change password and change email (confirmed through the new address).
 */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // The same per-IP limit as login: each of these checks a password or a token, or sends an email.
  const credentialLimit = { rateLimit: { max: ctx.env.AUTH_RATE_LIMIT_MAX, timeWindow: "1 minute" } };
  const tags = ["auth"];
  const security = [{ bearerAuth: [] }];

  app.post(
    "/forgot-password",
    {
      schema: {
        operationId: "forgotPassword",
        summary: "Ask for a password reset email",
        description:
          `Emails a single-use link to reset the password, valid for ${PASSWORD_RESET_TTL_MINUTES} minutes, if the address has an account. ` +
          "The answer is 202 either way, so it does not reveal whether an account exists.",
        tags,
        body: forgotPasswordRequest,
        response: { 202: forgotPasswordResponse, ...errorResponses(400, 429) },
      },
      config: credentialLimit,
    },
    async (request, reply) => {
      await forgotPassword(ctx, request.body.email);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        operationId: "resetPassword",
        summary: "Choose a new password with an emailed reset token",
        description:
          "Sets the new password, uses up the token and ends every session of the account (refresh tokens " +
          "revoked, access tokens refused). An unknown, used or expired token answers 400 invalid_reset_token. " +
          "The link proves the inbox is the owner's, so this browser gets the trusted-device cookie " +
          "(kerb_device): its next sign-in is not held by the account's wait while a stranger is guessing.",
        tags,
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, ...errorResponses(400, 429) },
      },
      config: credentialLimit,
    },
    async (request, reply) => {
      const { email } = await resetPassword(ctx, request.body);
      const cookie = trustedDeviceCookie(ctx.auth.secret, email.toLowerCase());
      reply.setCookie(TRUSTED_DEVICE_COOKIE, cookie, trustedDeviceCookieOptions);
      return { ok: true as const };
    },
  );

  app.post(
    "/change-password",
    {
      schema: {
        operationId: "changePassword",
        summary: "Change the password while signed in",
        description:
          "Requires the current password. Ends every other session and answers a fresh access and refresh " +
          "token for this device. A wrong current password answers 400 invalid_current_password.",
        tags,
        security,
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errorResponses(400, 401, 429) },
      },
      config: credentialLimit,
      onRequest: ctx.guard(),
    },
    (request) => changePassword(ctx, currentUser(request), request.body),
  );

  app.post(
    "/email-change",
    {
      schema: {
        operationId: "requestEmailChange",
        summary: "Ask to change the account's email address",
        description:
          "Requires the current password. Sends a confirmation link to the new address; the account keeps " +
          "its current email until the link is followed. An address already in use answers 409 email_taken.",
        tags,
        security,
        body: emailChangeRequest,
        response: { 202: emailChangeResponse, ...errorResponses(400, 401, 409, 429) },
      },
      config: credentialLimit,
      onRequest: ctx.guard(),
    },
    async (request, reply) =>
      reply.status(202).send(await requestEmailChange(ctx, currentUser(request), request.body)),
  );

  app.post(
    "/email-change/confirm",
    {
      schema: {
        operationId: "confirmEmailChange",
        summary: "Confirm a new email address with the emailed token",
        description:
          "Switches the account to the new address (audited). No sign-in is needed: the token proves access " +
          "to the new inbox. Unknown, used or expired tokens answer 400 invalid_email_change_token; an " +
          "address taken meanwhile answers 409 email_taken.",
        tags,
        body: confirmEmailChangeRequest,
        response: { 200: confirmEmailChangeResponse, ...errorResponses(400, 409, 429) },
      },
      config: credentialLimit,
    },
    (request) => confirmEmailChange(ctx, request.body.token),
  );
};
