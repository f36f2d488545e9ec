import {
  acceptGuardianInvitationRequest,
  authResponse,
  errorResponses,
  guardianInvitationResponse,
  guardianLearnersResponse,
  guardianLinksResponse,
  guardianRegistrationRequest,
  idParams,
  inviteGuardianRequest,
  updateGuardianRequest,
} from "@kerb/shared";
import { GUARDIAN_INVITATION_WINDOW } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { acceptSignedIn } from "./accept-signed-in.ts";
import { acceptWithNewAccount } from "./accept-with-new-account.ts";
import { getInvitation } from "./get-invitation.ts";
import { listGuardiansOf } from "./guardian-links.ts";
import { inviteGuardian } from "./invite-guardian.ts";
import { listFollowedLearners } from "./list-followed-learners.ts";
import { removeGuardian } from "./remove-guardian.ts";
import { updateGuardian } from "./update-guardian.ts";

const security = [{ bearerAuth: [] }];
const _pdfOf = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
});

/** The learner's guardians (mounted at /api/student), STUDENT only. */
export const studentGuardianRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["guardians"], security };
  const errors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    "/guardians",
    {
      schema: {
        ...common,
        operationId: "listGuardians",
        summary: "Your parents or guardians",
        description: "Invitations waiting and guardians following you (removed ones are gone).",
        response: { 200: guardianLinksResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listGuardiansOf(ctx, currentUserId(request)),
  );

  app.post(
    "/guardians",
    {
      schema: {
        ...common,
        operationId: "inviteGuardian",
        summary: "Invite a parent or guardian by email",
        description:
          `Emails a link to accept within ${GUARDIAN_INVITATION_WINDOW} (inviting the same address again sends a new link). The ` +
          "guardian will see your lessons, progress, logbook and payments and may pay for lessons; you can " +
          "remove them at any time. Your own email is 400; someone already your guardian, or an address whose " +
          "account is not a guardian account (not_a_guardian_account), 409.",
        body: inviteGuardianRequest,
        response: { 201: guardianLinksResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteGuardian(ctx, currentUserId(request), request.body)),
  );

  app.patch(
    "/guardians/:id",
    {
      schema: {
        ...common,
        operationId: "updateGuardian",
        summary: "Choose whether a guardian gets copies of your booking emails",
        description: "copyEmails: your booking and cancellation emails are copied to this guardian.",
        params: idParams,
        body: updateGuardianRequest,
        response: { 200: guardianLinksResponse, ...errors },
      },
    },
    (request) => updateGuardian(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.delete(
    "/guardians/:id",
    {
      schema: {
        ...common,
        operationId: "removeGuardian",
        summary: "Remove a guardian or withdraw an invitation",
        description: "Their access to your lessons, progress and payments ends at once (audited).",
        params: idParams,
        response: { 200: guardianLinksResponse, ...errors },
      },
    },
    (request) => removeGuardian(ctx, currentUserId(request), request.params.id),
  );
};

/** Accepting an invitation (mounted at /api/guardian): the token is the credential. */
export const guardianInvitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const common = { tags: ["guardians"] };
  const limit = { rateLimit: { max: ctx.env.AUTH_RATE_LIMIT_MAX, timeWindow: "1 minute" } };

  app.get(
    "/invitations/:token",
    {
      schema: {
        ...common,
        operationId: "getGuardianInvitation",
        summary: "A guardian invitation",
        description:
          "Who invited this address and whether it already has a guardian account. An unknown, used, " +
          "withdrawn or lapsed invitation is 404; an address with another kind of account is 409.",
        params: z.object({ token: z.string().min(20).max(200) }),
        response: { 200: guardianInvitationResponse, ...errorResponses(400, 404, 409) },
      },
      config: limit,
    },
    (request) => getInvitation(ctx, request.params.token),
  );

  app.post(
    "/invitations/accept",
    {
      schema: {
        ...common,
        operationId: "acceptGuardianInvitation",
        summary: "Accept an invitation with a new guardian account",
        description:
          "Creates a guardian account for the invited email, signs it in and follows the learner. An email " +
          "that already has an account is 409 email_taken: sign in and use /invitations/join.",
        body: guardianRegistrationRequest,
        response: { 201: authResponse, ...errorResponses(400, 404, 409) },
      },
      config: limit,
    },
    async (request, reply) => reply.status(201).send(await acceptWithNewAccount(ctx, request.body)),
  );

  app.post(
    "/invitations/join",
    {
      schema: {
        ...common,
        operationId: "joinAsGuardian",
        summary: "Accept an invitation with your guardian account",
        description:
          "The signed-in guardian follows one more learner. The invitation must be to their own email (403).",
        security,
        body: acceptGuardianInvitationRequest,
        response: { 200: guardianLearnersResponse, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: ctx.guard("GUARDIAN"),
      config: limit,
    },
    (request) => acceptSignedIn(ctx, currentUserId(request), request.body.token),
  );
};

/** What a guardian sees and does for the learners they follow (mounted at /api/guardian), GUARDIAN only. */
export const guardianRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("GUARDIAN"));
  const common = { tags: ["guardians"], security };
  const _errors = errorResponses(400, 401, 403, 404);

  app.get(
    "/learners",
    {
      schema: {
        ...common,
        operationId: "listGuardianLearners",
        summary: "The learners you follow",
        description: "Learners whose invitation you accepted and who have not removed you.",
        response: { 200: guardianLearnersResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listFollowedLearners(ctx, currentUserId(request)),
  );
};
