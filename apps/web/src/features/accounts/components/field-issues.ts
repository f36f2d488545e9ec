import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api-error";

/**
 * Puts the server's field-level messages (validation issues, a wrong current password) on the inputs
 * they are about; answers whether any landed, so the caller can show the rest in an alert.
 */
export function applyFieldIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const issue of error.fieldIssues) {
    const field = fields.find((f) => f === issue.path);
    if (field) {
      setError(field, { type: "server", message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
