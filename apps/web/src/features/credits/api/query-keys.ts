import { scopeKeys } from "@/lib/query-keys";

export const creditKeys = {
  bundle: (bundleId: string) => [...scopeKeys.student, "bundle", bundleId] as const,
};
