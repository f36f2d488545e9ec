import {
  errorResponses,
  instructorAccountResponse,
  instructorProfileUpdateRequest,
  studentAccountResponse,
  studentProfileUpdateRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getInstructorAccount } from "./get-instructor-account.ts";
import { getStudentAccount } from "./get-student-account.ts";
import { updateInstructorProfile } from "./update-instructor-profile.ts";
import { updateStudentProfile } from "./update-student-profile.ts";

const security = [{ bearerAuth: [] }];
const readErrors = errorResponses(401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404);

/** The student's own account details and profile edits, mounted at /api/student. */
export const studentAccountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const tags = ["student"];

  app.get(
    "/account",
    {
      schema: {
        operationId: "getStudentAccount",
        summary: "The signed-in student's editable account details",
        description:
          "Name, phone, suburb, licence type and email, with any email change awaiting confirmation.",
        tags,
        security,
        response: { 200: studentAccountResponse, ...readErrors },
      },
    },
    (request) => getStudentAccount(ctx, currentUserId(request)),
  );

  app.patch(
    "/profile",
    {
      schema: {
        operationId: "updateStudentProfile",
        summary: "Edit the signed-in student's profile",
        description:
          "Changes any of first and last name, phone, suburb and licence type; fields left out stay as they are.",
        tags,
        security,
        body: studentProfileUpdateRequest,
        response: { 200: studentAccountResponse, ...writeErrors },
      },
    },
    (request) => updateStudentProfile(ctx, currentUserId(request), request.body),
  );
};

/** The instructor's own account details and profile edits, mounted at /api/instructor. */
export const instructorAccountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));
  const tags = ["instructor"];

  app.get(
    "/account",
    {
      schema: {
        operationId: "getInstructorAccount",
        summary: "The signed-in instructor's editable account details",
        description:
          "Bio, languages, vehicle, phone, gender, licence number and verification status, and email with any " +
          "change awaiting confirmation.",
        tags,
        security,
        response: { 200: instructorAccountResponse, ...readErrors },
      },
    },
    (request) => getInstructorAccount(ctx, currentUserId(request)),
  );

  app.patch(
    "/profile",
    {
      schema: {
        operationId: "updateInstructorProfile",
        summary: "Edit the signed-in instructor's profile",
        description:
          "Changes any of bio, languages, vehicle, phone, gender and licence number; fields left out stay as " +
          "they are. A new licence number returns the instructor to PENDING verification (audited): they are " +
          "not listed to students until an admin verifies again.",
        tags,
        security,
        body: instructorProfileUpdateRequest,
        response: { 200: instructorAccountResponse, ...writeErrors },
      },
    },
    (request) => updateInstructorProfile(ctx, currentUserId(request), request.body),
  );
};
