import {
  acceptGuardianInvitationRequest,
  authResponse,
  bundlePurchaseRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  guardianInvitationResponse,
  guardianLearnerOverview,
  guardianLearnersResponse,
  guardianLinksResponse,
  guardianRegistrationRequest,
  idParams,
  inviteGuardianRequest,
  learnerParams,
  learnerPaymentParams,
  paymentIdParams,
  studentLogbookResponse,
  studentProgressResponse,
  updateGuardianRequest,
} from "@kerb/shared";
import { GUARDIAN_INVITATION_WINDOW } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createLearningService } from "../learning/index.ts";
import { createGuardianService } from "./guardians.service.ts";

const security = [{ bearerAuth: [] }];
const pdfOf = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
});

/** The learner's guardians (mounted at /api/student), STUDENT only. */
export const studentGuardianRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const guardians = createGuardianService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["guardians"], security };
  const errors = errorResponses(400, 401, 403, 404, 409);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

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
    (request) => guardians.listFor(me(request)),
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
          "remove them at any time. Your own email is 400; someone already your guardian 409.",
        body: inviteGuardianRequest,
        response: { 201: guardianLinksResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await guardians.invite(me(request), request.body)),
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
    (request) => guardians.update(me(request), request.params.id, request.body),
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
    (request) => guardians.remove(me(request), request.params.id),
  );
};

/** Accepting an invitation (mounted at /api/guardian): the token is the credential. */
export const guardianInvitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const guardians = createGuardianService(ctx);
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
    (request) => guardians.invitation(request.params.token),
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
    async (request, reply) => reply.status(201).send(await guardians.acceptWithNewAccount(request.body)),
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
    (request) => guardians.acceptSignedIn(currentUser(request).id, request.body.token),
  );
};

/** What a guardian sees and does for the learners they follow (mounted at /api/guardian), GUARDIAN only. */
export const guardianRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const guardians = createGuardianService(ctx);
  const learning = createLearningService(ctx);
  app.addHook("onRequest", ctx.guard("GUARDIAN"));
  const common = { tags: ["guardians"], security };
  const errors = errorResponses(400, 401, 403, 404);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

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
    (request) => guardians.learners(me(request)),
  );

  app.get(
    "/learners/:learnerId",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearner",
        summary: "A learner's lessons, bundles and payments",
        description:
          "Upcoming lessons, bundles with credits left, payments (with the checkouts still waiting to be " +
          "paid) and their instructors. A learner you do not follow (any more) is 404.",
        params: learnerParams,
        response: { 200: guardianLearnerOverview, ...errors },
      },
    },
    (request) => guardians.overview(me(request), request.params.learnerId),
  );

  app.get(
    "/learners/:learnerId/progress",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearnerProgress",
        summary: "A learner's progress",
        description: "What the learner sees on their progress page. A learner you do not follow is 404.",
        params: learnerParams,
        response: { 200: studentProgressResponse, ...errors },
      },
    },
    async (request) => {
      const learner = await guardians.learnerOf(me(request), request.params.learnerId);
      return learning.getProgress(learner.id);
    },
  );

  app.get(
    "/learners/:learnerId/logbook",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearnerLogbook",
        summary: "A learner's NSW logbook hours",
        description: "What the learner sees of their logbook. A learner you do not follow is 404.",
        params: learnerParams,
        response: { 200: studentLogbookResponse, ...errors },
      },
    },
    async (request) => {
      const learner = await guardians.learnerOf(me(request), request.params.learnerId);
      return learning.getLogbook(learner.id);
    },
  );

  app.get(
    "/learners/:learnerId/logbook.pdf",
    {
      schema: {
        ...common,
        operationId: "downloadGuardianLearnerLogbookPdf",
        summary: "Download a learner's logbook record (PDF)",
        description: "The learner's structured lessons to copy into the NSW logbook. Not followed: 404.",
        params: learnerParams,
        response: { 200: pdfOf("The logbook record"), ...errors },
      },
    },
    async (request, reply) => {
      const learner = await guardians.learnerOf(me(request), request.params.learnerId);
      const { filename, pdf } = await learning.logbookPdf(learner.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );

  app.post(
    "/learners/:learnerId/bundles",
    {
      schema: {
        ...common,
        operationId: "buyBundleForLearner",
        summary: "Buy a lesson bundle for a learner",
        description:
          "As the learner's own bundle purchase (the price must be what the bundle rules charge, 400 " +
          "otherwise), but paid by you: the credits are the learner's, the payment and its tax invoice yours.",
        params: learnerParams,
        body: bundlePurchaseRequest,
        response: { 201: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await guardians.buyBundle(me(request), request.params.learnerId, request.body)),
  );

  app.post(
    "/learners/:learnerId/payments/:paymentId/pay",
    {
      schema: {
        ...common,
        operationId: "payLearnerCheckout",
        summary: "Pay for lessons a learner is holding",
        description:
          "For a checkout the learner started whose lessons are still held: you become its payer and get a " +
          "card session (none in demo mode: confirm it). A paid, lapsed or released checkout is 409.",
        params: learnerPaymentParams,
        response: { 200: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => guardians.payCheckout(me(request), request.params.learnerId, request.params.paymentId),
  );

  app.post(
    "/payments/:paymentId/confirm",
    {
      schema: {
        ...common,
        operationId: "confirmGuardianPayment",
        summary: "Confirm a payment you made for a learner",
        description:
          'Your "I have paid": checked with the card provider, never taken on trust, then the lessons are ' +
          "booked or the bundle's credits issued. Not paid yet is 402, the provider unreachable 502.",
        params: paymentIdParams,
        response: { 200: confirmResponse, ...errorResponses(400, 401, 403, 404, 409, 402, 502) },
      },
    },
    (request) => guardians.confirm(me(request), request.params.paymentId),
  );

  app.get(
    "/learners/:learnerId/payments/:paymentId/invoice.pdf",
    {
      schema: {
        ...common,
        operationId: "downloadGuardianInvoice",
        summary: "Download the tax invoice of a payment you made",
        description:
          "Only for payments you paid; another payment is 404. An unpaid one has no invoice (409).",
        params: learnerPaymentParams,
        response: { 200: pdfOf("The tax invoice"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { learnerId, paymentId } = request.params;
      const { filename, pdf: body } = await guardians.invoicePdf(me(request), learnerId, paymentId);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
