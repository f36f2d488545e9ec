import type { QueryClient } from "@tanstack/react-query";
import { auditKeys } from "@/features/audit";
import { adminInstructorKeys } from "@/lib/query-keys";
import { complianceKeys } from "./query-keys";

/**
 * A verification or compliance change moves the instructor between lists, may add or clear lessons on
 * the follow-up list, and adds an audit entry.
 */
export function invalidateAfterInstructorChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminInstructorKeys.all }),
    queryClient.invalidateQueries({ queryKey: complianceKeys.followUp() }),
    queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  ]);
}
