import { calendarTokenStatusResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { calendarKeys } from "./query-keys";

export type CalendarTokenStatus = z.infer<typeof calendarTokenStatusResponse>;

async function getCalendarToken({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarTokenStatus> {
  const data = await api.get("/instructor/calendar-token", { signal });
  return calendarTokenStatusResponse.parse(data);
}

const getCalendarTokenQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.token(),
    queryFn: ({ signal }) => getCalendarToken({ signal }),
  });

/** Whether the private iCal feed is on (its URL is given only when made: rotate-calendar-token). */
export function useCalendarToken() {
  return useQuery(getCalendarTokenQueryOptions());
}
