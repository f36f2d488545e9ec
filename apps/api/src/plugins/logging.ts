import { trace } from "@opentelemetry/api";
import type { FastifyServerOptions } from "fastify";
import { currentRequest } from "./request-context.ts";

/**
 * Logger options: no log line may carry a secret or a person's data. Two layers, because either alone
 * misses something: pino `redact` censors known keys wherever a caller puts them, and the serializers
 * rebuild errors and requests from an allow-list (a failed INSERT's error carries its parameters — a
 * password hash, an email — in `params`, in its message, in its stack and in the driver's `detail`).
 */

/** Keys whose values never reach a log line, at any of the first three levels of a logged object. */
const SECRET_KEYS = [
  "password",
  "confirmPassword",
  "passwordHash",
  "password_hash",
  "token",
  "accessToken",
  "refreshToken",
  "tokenHash",
  "secret",
  "authorization",
  "cookie",
  "email",
  "phone",
  "params",
  "parameters",
  "detail",
];

const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** Error fields that describe what failed without repeating the values involved. */
const SAFE_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "routine",
] as const;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the SQL stays, the values go. */
function withoutQueryParams(text: string): string {
  const at = text.indexOf("\nparams:");
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== "object" || error === null) {
    return { type: typeof error, message: "[non-error value]", stack: "" };
  }
  const e = error as Record<string, unknown> & { message?: unknown; stack?: unknown; name?: unknown };
  const rawMessage = typeof e.message === "string" ? e.message : "";
  const message = withoutQueryParams(rawMessage);
  const out: SerializedError = {
    type: (error as object).constructor?.name ?? (typeof e.name === "string" ? e.name : "Error"),
    message,
    stack: "",
  };
  if (typeof e.stack === "string") {
    // The stack starts with the message, values and all: keep only the frames after it.
    const at = rawMessage ? e.stack.indexOf(rawMessage) : -1;
    const frames = at === -1 ? e.stack.replace(/^[^\n]*/, "") : e.stack.slice(at + rawMessage.length);
    out.stack = `${out.type}: ${message}${frames}`;
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = e[field];
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  if (e.cause !== undefined && e.cause !== null && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * Paths that carry a credential: a calendar feed's token and a guardian invitation's token (the link
 * in the email; reading it from a log would accept the invitation). `keep` names the fixed routes that
 * share the prefix and hold no secret.
 */
const SECRET_PATHS: { prefix: string[]; keep?: string[]; shown: string }[] = [
  { prefix: ["api", "calendar"], shown: "/api/calendar/[redacted].ics" },
  {
    prefix: ["api", "guardian", "invitations"],
    keep: ["accept", "join"],
    shown: "/api/guardian/invitations/[redacted]",
  },
];

/** A path's segments as the router reads them: percent-decoded one by one, a trailing slash ignored. */
function routedSegments(path: string): string[] {
  const segments = path
    .split("/")
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  if (segments.at(-1) === "") segments.pop();
  return segments;
}

function redactPath(path: string): string {
  const segments = routedSegments(path);
  for (const { prefix, keep = [], shown } of SECRET_PATHS) {
    const rest = segments.slice(prefix.length);
    // /api/guardian/invit%61tions/<token>/ reaches the route too: compare decoded segments, not text.
    if (rest.length === 0 || prefix.some((name, i) => segments[i] !== name)) continue;
    if (rest.length === 1 && keep.includes(rest[0] ?? "")) return path;
    return shown;
  }
  return path;
}

// Query values can be personal (?search=someone@example.com); some paths hold a secret token.
export function redactUrl(url: string): string {
  const [path = "", query] = url.split(/\?(.*)/s, 2);
  const safePath = redactPath(path);
  if (query === undefined) return safePath;
  const names = query
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=~`);
  return `${safePath}?${names.join("&")}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    // A line logged while serving a request names it, whichever logger wrote it (services log through
    // the app's); with tracing on it names the trace and span too, to go from a line to its trace.
    mixin(_object, _level, logger) {
      const request = currentRequest();
      const span = trace.getActiveSpan()?.spanContext();
      // A new object every time: pino merges the line's own fields into it.
      if (!request && !span) return {};
      return {
        // The request's own logger has it bound already: once per line is enough.
        ...(request && logger !== request.log ? { reqId: request.reqId } : {}),
        ...(span ? { trace_id: span.traceId, span_id: span.spanId } : {}),
      };
    },
    hooks: {
      // pino uses an error's message as the line's message when no other is given (Fastify does so).
      logMethod(args, method) {
        const safe = args.map((arg) => (typeof arg === "string" ? withoutQueryParams(arg) : arg));
        return method.apply(this, safe as Parameters<typeof method>);
      },
    },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
