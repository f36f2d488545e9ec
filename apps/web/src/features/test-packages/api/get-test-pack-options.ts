import { type TestPackOptions, type TestPackOptionsQuery, testPackOptionsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { testPackageKeys } from "./query-keys";

async function getTestPackOptions(
  query: TestPackOptionsQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TestPackOptions> {
  return testPackOptionsResponse.parse(await api.get("/student/test-packs/options", { query, signal }));
}

export const testPackOptionsQueryOptions = (query: TestPackOptionsQuery) =>
  queryOptions({
    queryKey: testPackageKeys.options(query),
    queryFn: ({ signal }) => getTestPackOptions(query, { signal }),
  });

/** Who can take the learner to their test, with each one's plan of the day; nothing until asked. */
export function useTestPackOptions(query: TestPackOptionsQuery | null) {
  return useQuery({
    ...testPackOptionsQueryOptions(query ?? { centreId: "", testAt: "" }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
