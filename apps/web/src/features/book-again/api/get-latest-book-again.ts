import { type BookAgainOffer, latestBookAgainResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { bookAgainKeys } from "./query-keys";

/** GET /student/book-again: the offer from the learner's most recent completed lesson, or null. */
export async function getLatestBookAgain(signal?: AbortSignal): Promise<BookAgainOffer | null> {
  const data = await api.get("/student/book-again", { signal });
  return latestBookAgainResponse.parse(data).offer;
}

export const latestBookAgainQueryOptions = () =>
  queryOptions({
    queryKey: bookAgainKeys.latest(),
    queryFn: ({ signal }) => getLatestBookAgain(signal),
  });

export function useLatestBookAgain() {
  return useQuery(latestBookAgainQueryOptions());
}
