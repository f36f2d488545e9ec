import type { QueryClient } from "@tanstack/react-query";
import { adminInstructorsQueryKey } from "./get-admin-instructors";
import { auditLogQueryKey } from "./get-audit-log";

/** A verification or compliance change moves the instructor between lists and adds an audit entry. */
export function invalidateAfterInstructorChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminInstructorsQueryKey }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  ]);
}
