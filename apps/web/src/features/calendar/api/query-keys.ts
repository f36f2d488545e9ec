import { scopeKeys } from "@/lib/query-keys";

export const calendarKeys = {
  token: () => [...scopeKeys.instructor, "calendar-token"] as const,
};
