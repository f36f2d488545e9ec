import { type BookAgainOffer, bookAgainResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { bookAgainKeys } from "./query-keys";

/** GET /student/lessons/{id}/book-again: the same instructor, pickup and length, next times first. */
export async function getBookAgainOffer(lessonId: string, signal?: AbortSignal): Promise<BookAgainOffer> {
  const data = await api.get(`/student/lessons/${encodeURIComponent(lessonId)}/book-again`, { signal });
  return bookAgainResponse.parse(data).offer;
}

export const bookAgainOfferQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: bookAgainKeys.lesson(lessonId),
    queryFn: ({ signal }) => getBookAgainOffer(lessonId, signal),
    // A refusal (not their lesson, a test package, an instructor who stopped) will not change on retry.
    retry: false,
  });

export function useBookAgainOffer(lessonId: string) {
  return useQuery(bookAgainOfferQueryOptions(lessonId));
}
