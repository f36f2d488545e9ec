import { z } from "zod";
import { isValidIsoDate } from "../rules/sydney-time.ts";
// Configures zod once with human words for every check that gives none (human-errors.ts).
import "./human-errors.ts";

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A Sydney calendar date, `YYYY-MM-DD`. */
export const isoDate = z.string().regex(ISO_DATE_PATTERN, "Use the format YYYY-MM-DD");
/** An instant with offset, e.g. `2026-12-01T10:00:00+11:00` or `…Z`. */
export const isoDateTime = z.iso.datetime({ offset: true });
export const uuid = z.uuid();

// C0 control characters and DEL, except tab, line feed and carriage return (a textarea's newlines).
// PostgreSQL cannot store NUL in text at all, and the others are never typed by a person.
const ALLOWED_CONTROL_CHARACTERS = new Set(["\t", "\n", "\r"]);
const isControlCharacter = (character: string) => {
  const code = character.charCodeAt(0);
  return (code < 0x20 || code === 0x7f) && !ALLOWED_CONTROL_CHARACTERS.has(character);
};
export const CONTROL_CHARACTER_MESSAGE = "Remove the control characters (such as NUL) from this text";
export const hasNoControlCharacters = (value: string) => !Array.from(value).some(isControlCharacter);

/**
 * The string every free-text input field starts from: `safeText({ error: "Name is required" }).trim()…`.
 * Refuses control characters (400 validation_error) instead of letting them reach the database.
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

export const idParams = z.object({ id: uuid });
export const paymentIdParams = z.object({ paymentId: uuid });

/**
 * The `Idempotency-Key` request header of the routes that buy, pay or move a lesson (Fastify reads
 * headers in lower case; the others pass through).
 */
export const idempotencyKeyHeaders = z.looseObject({
  "idempotency-key": uuid
    .optional()
    .describe(
      "A UUID the client makes once per intended action (one purchase, one move) and sends again on " +
        "every retry of it. A repeat with the same key, by the same caller to the same operation, answers " +
        "exactly what the first request answered (same status, same payment or lesson) and does nothing " +
        "more; a repeat that arrives while the first is still being answered waits for it (409 " +
        "request_in_progress if that takes too long). The same key with another body or for another " +
        "record is 422 idempotency_key_reused. Without the header every request is a new action. Keys " +
        "are kept for 24 hours.",
    ),
});

/** What each error status means across the API: the description the OpenAPI document gives it. */
const ERROR_STATUS_MEANINGS: Record<number, string> = {
  400: "The request is not valid: see error.code (validation_error lists each field in error.details)",
  401: "Not signed in, or the session has ended",
  402: "The card provider has not confirmed the payment",
  403: "Signed in with a role that may not do this",
  404: "Not found, or not yours",
  409: "Conflicts with the current state: see error.code",
  410: "The link has lapsed: see error.message",
  413: "The request body is too large",
  415: "The request body is not JSON",
  422: "The Idempotency-Key was already used for a different request: make a new key for a new action",
  429: "Too many requests: wait Retry-After seconds",
  500: "Something went wrong on our side",
  502: "The card provider could not be reached",
  503: "A service the API needs is down",
};

/** The error statuses a route documents, all with the one error body: `errorResponses(400, 401, 404)`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponse> {
  const described = (status: number) => {
    const meaning = ERROR_STATUS_MEANINGS[status];
    return meaning ? errorResponse.describe(meaning) : errorResponse;
  };
  return Object.fromEntries(statuses.map((s) => [s, described(s)])) as Record<S, typeof errorResponse>;
}

/**
 * The years a date may fall in. Sydney has kept AEST/AEDT only since 1895 (before that, local mean
 * time), so the time rules cannot place a day outside these years, and nothing is booked, paid or
 * audited a millennium away: such a filter is a typo, answered 400 instead of reaching the database.
 */
export const DATE_YEARS = { earliest: 1900, latest: 2999 } as const;
const DATE_YEARS_MESSAGE = `Choose a date between 01/01/${DATE_YEARS.earliest} and 31/12/${DATE_YEARS.latest}`;
const inDateYears = (yearMonthOrDate: string) => {
  const year = Number(yearMonthOrDate.slice(0, 4));
  return year >= DATE_YEARS.earliest && year <= DATE_YEARS.latest;
};

/** A real Sydney calendar date `YYYY-MM-DD` (2026-02-30 is refused) within DATE_YEARS. */
export const calendarDate = isoDate
  .refine(isValidIsoDate, "Not a real calendar date")
  .refine(inDateYears, DATE_YEARS_MESSAGE);

/** A calendar month `YYYY-MM` within DATE_YEARS. */
export const calendarMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month looks like 2026-03 (YYYY-MM)")
  .refine(inDateYears, `Choose a month between 01/${DATE_YEARS.earliest} and 12/${DATE_YEARS.latest}`);

/** `?page=&pageSize=`: bad values are a 400, page sizes are capped at 100. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(10_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(100, "pageSize cannot exceed 100")
    .default(20),
});

/** `{items, total, page, pageSize}` around a list item schema. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
