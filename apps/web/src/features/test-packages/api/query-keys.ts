import { scopeKeys } from "@/lib/query-keys";

export const testPackageKeys = {
  /** The signed-in instructor's own offer. */
  own: () => [...scopeKeys.instructor, "test-package"] as const,
};
