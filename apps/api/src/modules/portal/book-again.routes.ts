import { bookAgainResponse, errorResponses, idParams, latestBookAgainResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getBookAgainOffer } from "./get-book-again-offer.ts";
import { getLatestBookAgain } from "./get-latest-book-again.ts";

const BOOKING_ROUTES =
  "Booking one of its times is the existing write: POST /api/student/bundles/{bundleId}/bookings when " +
  "`payment.method` is credits, else POST /api/student/bookings/batch with the slot (the server prices it again).";

/** Under /api/student: "book again" offers (issue 34). Reads only; the booking is checkout's or credits'. */
export const bookAgainRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };

  app.get(
    "/lessons/:id/book-again",
    {
      schema: {
        ...common,
        params: idParams,
        operationId: "getBookAgainOffer",
        summary: "Book one of the learner's lessons again",
        description:
          "The same instructor, suburb, pickup and lesson length as this lesson, with the instructor's next " +
          "open times (notice, travel, leave and holidays applied; at most two a day) priced as the slots " +
          "are, and how it will be paid: the credits of a bundle for this instructor, else a card. " +
          "Not the learner's lesson is 404; a driving-test package is 409 invalid_state; an instructor " +
          `no longer listed or no longer teaching in that suburb is 409 instructor_unavailable. ${BOOKING_ROUTES}`,
        response: { 200: bookAgainResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => getBookAgainOffer(ctx, currentUserId(request), request.params.id),
  );

  app.get(
    "/book-again",
    {
      schema: {
        ...common,
        operationId: "getLatestBookAgainOffer",
        summary: "The dashboard's book-again offer",
        description:
          "The book-again offer from the learner's most recent completed lesson (not a driving-test " +
          "package) whose instructor may still be booked there, or `offer: null` when there is none. " +
          BOOKING_ROUTES,
        response: { 200: latestBookAgainResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getLatestBookAgain(ctx, currentUserId(request)),
  );
};
