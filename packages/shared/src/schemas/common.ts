import { z } from "zod";

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A Sydney calendar date, `YYYY-MM-DD`. */
export const isoDate = z.string().regex(ISO_DATE_PATTERN, "Use the format YYYY-MM-DD");
/** An instant with offset, e.g. `2026-12-01T10:00:00+11:00` or `…Z`. */
export const isoDateTime = z.iso.datetime({ offset: true });
export const uuid = z.uuid();

export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

export const idParams = z.object({ id: uuid });
export const paymentIdParams = z.object({ paymentId: uuid });

/** The error statuses a route documents, all with the one error body: `errorResponses(400, 401, 404)`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse])) as Record<S, typeof errorResponse>;
}
