import { useMemo } from "react";
import { useNow } from "@/lib/use-now";
import { useOwnLessons } from "../api/get-own-lessons";
import { busyPeriods, clashesWithOwnLesson } from "../model/own-lessons";
import type { SelectedSlot } from "../model/selection";

type OwnLessonClashOptions = {
  /** The payment already opened for this selection: its holds are these lessons, not a clash. */
  openPaymentId?: string | null;
  /** The lesson being rescheduled frees its own time; every other lesson still blocks theirs. */
  movingBookingId?: string;
};

/**
 * Whether a time overlaps a lesson the student already has (one student, one car): the server refuses
 * it, so the slot list marks it and the selection waits for its removal.
 */
export function useOwnLessonClash({ openPaymentId = null, movingBookingId }: OwnLessonClashOptions = {}) {
  const ownLessons = useOwnLessons();
  const now = useNow();
  return useMemo(() => {
    const others = (ownLessons.data ?? []).filter((booking) => booking.id !== movingBookingId);
    const busy = busyPeriods(others, new Date(now), openPaymentId);
    return (slot: SelectedSlot) => clashesWithOwnLesson(slot, busy);
  }, [ownLessons.data, now, openPaymentId, movingBookingId]);
}
