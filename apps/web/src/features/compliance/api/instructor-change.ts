import type { QueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "@/features/audit";
import { adminInstructorsQueryKey } from "./get-admin-instructors";
import { complianceFollowUpQueryKey } from "./get-compliance-follow-up";

/**
 * A verification or compliance change moves the instructor between lists, may add or clear lessons on
 * the follow-up list, and adds an audit entry.
 */
export function invalidateAfterInstructorChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminInstructorsQueryKey }),
    queryClient.invalidateQueries({ queryKey: complianceFollowUpQueryKey }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  ]);
}
