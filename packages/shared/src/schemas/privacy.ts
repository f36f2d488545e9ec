import { z } from "zod";
import { ROLES } from "../constants.ts";
import { safeText } from "./common.ts";

/** POST /api/me/closure-request: the user's optional reason for leaving. */
export const closureRequestBody = z.object({ reason: safeText().trim().max(500).optional() }).nullish();

export const closureRequestResponse = z.object({ id: z.uuid(), requestedAt: z.string() });

export const closureRequestCompleteResponse = z.object({ id: z.uuid(), completedAt: z.string() });

/** GET /api/admin/closure-requests: open requests first, then the latest completed. */
export const adminClosureRequestsResponse = z.object({
  requests: z.array(
    z.object({
      id: z.uuid(),
      userId: z.uuid(),
      role: z.enum(ROLES),
      name: z.string(),
      email: z.string(),
      reason: z.string().nullable(),
      requestedAt: z.string(),
      completedAt: z.string().nullable(),
    }),
  ),
});
export type AdminClosureRequests = z.infer<typeof adminClosureRequestsResponse>;
