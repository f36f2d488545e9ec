import { maxHeaderSize, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { OWN_LESSON_CLASH_MESSAGE } from "@kerb/shared";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.ts";
import { pgErrorCode } from "../lib/pg-error-code.ts";

type ErrorPayload = { status: number; code: string; message: string; details?: unknown };

// PostgreSQL SQLSTATEs that mean "your request conflicts with the data", not "the server broke".
const PG_ERRORS: Record<string, Omit<ErrorPayload, "details">> = {
  "23505": { status: 409, code: "conflict", message: "This record already exists" },
  "23P01": { status: 409, code: "slot_unavailable", message: "That time is no longer available" },
  // The same SQLSTATE from the student's own exclusion constraint: their clash, not a taken slot.
  "23P01:bookings_student_no_overlap": {
    status: 409,
    code: "slot_unavailable",
    message: OWN_LESSON_CLASH_MESSAGE,
  },
  // Two batches racing for overlapping hours in different orders: one is chosen as the loser.
  "40P01": { status: 409, code: "slot_unavailable", message: "That time was just taken. Please try again." },
  "40001": { status: 409, code: "conflict", message: "The request clashed with another. Please try again." },
  "23503": { status: 400, code: "bad_request", message: "A referenced record does not exist" },
  "22P02": { status: 400, code: "bad_request", message: "A value has the wrong format" },
  // NUL in text: the schemas refuse control characters; this catches any input they do not cover.
  "22021": { status: 400, code: "bad_request", message: "The text holds a character that cannot be stored" },
  "22007": { status: 400, code: "bad_request", message: "A date or time has the wrong format" },
  "22008": { status: 400, code: "bad_request", message: "A date or time is out of range" },
};

// Services read SQLSTATEs from lib (no service imports an HTTP plugin); kept here for those not moved yet.
export { pgErrorCode };

// The database is down, restarting or unreachable: the request may succeed shortly, so 503, not 500.
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
];

/** Whether an error means "the database could not be reached", walking drizzle's cause chain. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/** The violated constraint's name, where the driver reports one (pg and PGlite both do). */
function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}

function toPayload(error: FastifyError | AppError | Error): ErrorPayload {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: [v.instancePath.replace(/^\//, "").replaceAll("/", ".")].filter(Boolean).join("."),
      message: v.message ?? "Invalid value",
    }));
    const first = details[0];
    const where = error.validationContext === "body" ? "" : ` (${error.validationContext})`;
    return {
      status: 400,
      code: "validation_error",
      message: first ? `${first.message}${where}` : "The request is not valid",
      details,
    };
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, code: "bad_request", message: "The request body is not valid JSON" };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, code: "payload_too_large", message: "The request body is too large" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        status: 415,
        code: "unsupported_media_type",
        message: "Send the request body as application/json",
      };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      code: "service_unavailable",
      message: "Kerb cannot reach its database right now. Please try again in a moment.",
    };
  }
  const sqlState = pgErrorCode(error) ?? "";
  const pg = PG_ERRORS[`${sqlState}:${pgConstraint(error)}`] ?? PG_ERRORS[sqlState];
  if (pg) return pg;
  const status = fastifyError.statusCode;
  if (status === 429) {
    return {
      status,
      code: "rate_limited",
      message: "Too many requests. Please wait a moment and try again.",
    };
  }
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return { status, code: "bad_request", message: fastifyError.message };
  }
  return {
    status: 500,
    code: "internal_error",
    message: "Something went wrong on our side. Please try again.",
  };
}

/**
 * Fastify's `clientErrorHandler`: requests Node refuses before any route sees them (a URL and headers
 * over maxHeaderSize, broken HTTP, a request timeout) get the API's error body instead of Node's bare one.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } =
    error.code === "HPE_HEADER_OVERFLOW"
      ? {
          status: 431,
          code: "headers_too_large",
          message: `The URL and headers are too large (over ${maxHeaderSize / 1024} KB): shorten the URL`,
        }
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? { status: 408, code: "request_timeout", message: "The request took too long to arrive" }
        : { status: 400, code: "bad_request", message: "The request is not valid HTTP" };
  this.log.debug({ err: error, code }, "client error");
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  // end(), not write() then destroy(): the answer must leave before the connection closes.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/** What Fastify's router refuses before any route or hook runs, in the API's words. */
const FRAMEWORK_ERRORS: Record<string, Omit<ErrorPayload, "details">> = {
  FST_ERR_BAD_URL: { status: 400, code: "bad_request", message: "The URL's path holds a broken %-escape" },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: "bad_request",
    message: "A part of the URL's path is too long",
  },
};

/**
 * Fastify's `frameworkErrors`. Its own answer to a broken %-escape in the path was another shape and
 * echoed the URL back, before authentication; this one is the API's error body and repeats nothing of
 * the request (nor does the log line: the error's message holds the raw path, which may hold a token).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, code, message } = FRAMEWORK_ERRORS[error.code] ?? {
    status: 500,
    code: "internal_error",
    message: "Something went wrong on our side. Please try again.",
  };
  request.log.debug({ frameworkError: error.code, code }, "request rejected");
  void reply.status(status).send({ error: { code, message } });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message, details } = toPayload(error);
    if (status === 503) request.log.warn({ err: error }, "request failed: database unavailable");
    else if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.debug({ err: error, code }, "request rejected");
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (status === 429 && headers) reply.headers(headers);
    if (status === 503) reply.header("retry-after", "5");
    return reply
      .status(status)
      .send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
  });
}
