import { type StudentProfileBundle, studentBundleResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { creditKeys } from "./query-keys";

/** One of the student's bundles with what credit mode needs: credits left, instructor, suburb, expiry. */
async function getStudentBundle(
  bundleId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentProfileBundle> {
  const data = await api.get(`/student/bundles/${encodeURIComponent(bundleId)}`, { signal });
  return studentBundleResponse.parse(data).bundle;
}

// Under ["student"]: whatever refreshes the student's profile after a purchase refreshes this too.
const getStudentBundleQueryOptions = (bundleId: string) =>
  queryOptions({
    queryKey: creditKeys.bundle(bundleId),
    queryFn: ({ signal }) => getStudentBundle(bundleId, { signal }),
  });

export function useStudentBundle(bundleId: string) {
  return useQuery(getStudentBundleQueryOptions(bundleId));
}
