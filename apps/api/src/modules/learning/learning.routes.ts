import {
  errorResponses,
  idParams,
  lessonActionResponse,
  lessonRecordRequest,
  outsideLessonRequest,
  saferDriversCourseRequest,
  studentAssessmentRequest,
  studentAssessmentResponse,
  studentLogbookResponse,
  studentProgressResponse,
} from "@kerb/shared";
import { LOGBOOK_CREDIT_RULE, LOGBOOK_REQUIREMENT } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/pdf-response.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { declareOutsideLesson } from "./declare-outside-lesson.ts";
import { getAssessment } from "./get-assessment.ts";
import { getLogbook } from "./get-logbook.ts";
import { getProgress } from "./get-progress.ts";
import { logbookPdf } from "./logbook-pdf-download.ts";
import { recordSaferDriversCourse } from "./record-safer-drivers-course.ts";
import { removeOutsideLesson } from "./remove-outside-lesson.ts";
import { removeSaferDriversCourse } from "./remove-safer-drivers-course.ts";
import { saveAssessment } from "./save-assessment.ts";
import { saveLessonRecord } from "./save-lesson-record.ts";

const security = [{ bearerAuth: [] }];

/**
 * The learner's own journey, mounted at /api/student, STUDENT only: each answer is about the signed-in
 * student, so nobody else's assessment, progress or logbook can be asked for.
 */
export const studentLearningRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const tags = ["student"];

  app.get(
    "/assessment",
    {
      schema: {
        tags,
        operationId: "getStudentAssessment",
        summary: "The signed-in student's driving assessment",
        description:
          "Experience, licence type, target test date and focus skills as last given (when booking or from " +
          "the account page), when they were given, and the optional date of birth.",
        security,
        response: { 200: studentAssessmentResponse, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getAssessment(ctx, currentUserId(request)),
  );

  app.put(
    "/assessment",
    {
      schema: {
        tags,
        operationId: "saveStudentAssessment",
        summary: "Keep the signed-in student's driving assessment",
        description:
          "Replaces the assessment; the student's instructors see it on their lessons together. " +
          "dateOfBirth left out stays as it is, null removes it. 400 validation_error for a target test " +
          "date before today (Sydney), a date of birth in the future or one making the learner under 15.",
        security,
        body: studentAssessmentRequest,
        response: { 200: studentAssessmentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => saveAssessment(ctx, currentUserId(request), request.body),
  );

  app.get(
    "/progress",
    {
      schema: {
        tags,
        operationId: "getStudentProgress",
        summary: "The signed-in student's progress",
        description:
          "From the instructors' lesson records: every skill's latest level (by lesson date), the completed " +
          "lessons and their minutes (test packs not counted), the latest records with their notes, what to " +
          "work on next (focus skills not yet competent first, then skills under way, then untouched ones), " +
          "and the learner's driving-test packs with the outcome their instructor recorded.",
        security,
        response: { 200: studentProgressResponse, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getProgress(ctx, currentUserId(request)),
  );

  app.get(
    "/logbook",
    {
      schema: {
        tags,
        operationId: "getStudentLogbook",
        summary: "The signed-in student's NSW logbook hours",
        description:
          `Per lesson, per declared lesson and in total, in minutes, towards ${LOGBOOK_REQUIREMENT}; each ` +
          `credit names the rule that produced it and totals.lines gives the credited total rule by rule. ${LOGBOOK_CREDIT_RULE} ` +
          "Of a driving-test pack only its warm-up hour counts (its times are the warm-up's); the test and " +
          "the drives to and from the centre do not, and a pack without a warm-up is not listed.",
        security,
        response: { 200: studentLogbookResponse, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getLogbook(ctx, currentUserId(request)),
  );

  app.post(
    "/logbook/outside-lessons",
    {
      schema: {
        tags,
        operationId: "declareOutsideLesson",
        summary: "Declare a lesson taken with another driving school",
        description:
          "School, Sydney date, minutes (1–480) and whether it was a structured lesson with a licensed " +
          "driving instructor: a structured one shares the 10-hour 3-for-1 cap with the lessons here, in " +
          "order of date; one that was not counts hour for hour. Answers the logbook as it now stands. " +
          "400 validation_error for a date in the future or more than 5 years ago.",
        security,
        body: outsideLessonRequest,
        response: { 200: studentLogbookResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => declareOutsideLesson(ctx, currentUserId(request), request.body),
  );

  app.delete(
    "/logbook/outside-lessons/:id",
    {
      schema: {
        tags,
        operationId: "removeOutsideLesson",
        summary: "Remove a declared lesson",
        description: "Answers the logbook as it now stands. Not one of the student's own: 404.",
        security,
        params: idParams,
        response: { 200: studentLogbookResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => removeOutsideLesson(ctx, currentUserId(request), request.params.id),
  );

  app.put(
    "/logbook/safer-drivers-course",
    {
      schema: {
        tags,
        operationId: "recordSaferDriversCourse",
        summary: "Record the completed Safer Drivers Course",
        description:
          "The Sydney date it was completed; it adds 20 logbook hours, once. A second is 409 conflict and " +
          "the first stays as it was (remove it to change its date). 400 validation_error for a date in " +
          "the future or more than 5 years ago.",
        security,
        body: saferDriversCourseRequest,
        response: { 200: studentLogbookResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => recordSaferDriversCourse(ctx, currentUserId(request), request.body),
  );

  app.delete(
    "/logbook/safer-drivers-course",
    {
      schema: {
        tags,
        operationId: "removeSaferDriversCourse",
        summary: "Remove the recorded Safer Drivers Course",
        description: "Answers the logbook as it now stands. None recorded: 404.",
        security,
        response: { 200: studentLogbookResponse, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => removeSaferDriversCourse(ctx, currentUserId(request)),
  );

  app.get(
    "/logbook.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        tags,
        operationId: "downloadStudentLogbookPdf",
        summary: "Download the signed-in student's logbook record (PDF)",
        description:
          "The structured lessons to copy into the NSW learner logbook: date, times, instructor and licence " +
          `number, day and night time, credited time and whether the instructor confirmed it. ${LOGBOOK_CREDIT_RULE}`,
        security,
        response: {
          200: {
            description: "The logbook record as a PDF attachment",
            content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
          },
          ...errorResponses(401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf, contentHash } = await logbookPdf(ctx, currentUserId(request));
      return reply
        .type("application/pdf")
        .header("content-disposition", attachmentDisposition(filename))
        .header("etag", `"${contentHash}"`)
        .send(pdf);
    },
  );
};

/** Lesson records, mounted at /api/instructor, INSTRUCTOR only: only the instructor's own lessons. */
export const instructorLearningRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  app.put(
    "/lessons/:id/record",
    {
      schema: {
        tags: ["instructor"],
        operationId: "saveLessonRecord",
        summary: "Record what a completed lesson taught",
        description:
          "The skills practised (1–8 of the spec's, each once) with a level each, a short plain-text note " +
          "(at most 500 characters) and confirmLogbook, the instructor's confirmation of it as a structured " +
          "lesson for the learner's NSW logbook. Saving again replaces the record. The learner is emailed " +
          "the first save, with a link to their progress page. Only the instructor's own COMPLETED lesson: " +
          "another's is 404, a lesson not completed 409 invalid_state.",
        security,
        params: idParams,
        body: lessonRecordRequest,
        response: { 200: lessonActionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => saveLessonRecord(ctx, currentUserId(request), request.params.id, request.body),
  );
};
