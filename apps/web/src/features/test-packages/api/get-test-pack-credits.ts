import { type TestPackCreditsResponse, testPackCreditsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { testPackageKeys } from "./query-keys";

async function getTestPackCredits({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<TestPackCreditsResponse> {
  return testPackCreditsResponse.parse(await api.get("/student/test-pack-credits", { signal }));
}

export const testPackCreditsQueryOptions = () =>
  queryOptions({
    queryKey: testPackageKeys.credits(),
    queryFn: ({ signal }) => getTestPackCredits({ signal }),
  });

/** The learner's test-pack credits (how many they can spend now) and what buying one costs. */
export function useTestPackCredits() {
  return useQuery(testPackCreditsQueryOptions());
}
