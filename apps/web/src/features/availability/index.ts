// What other features may use from availability: the time picker (calendar, a day's times, the running
// selection) that the wizard, Use Bundle and Reschedule share, the suburb's instructors, the query keys (a
// booking changes what is free, a lesson change moves the instructor's conflicts, a review moves a suburb's
// instructor cards), and those conflicts (lessons that clash with the instructor's hours) for the dashboard
// and the lessons list.
export { useInstructors } from "./api/get-instructors";
export { getSlotsQueryOptions } from "./api/get-slots";
export { availabilityKeys, type GetInstructorsQuery } from "./api/query-keys";
export { CalendarCard, DayTimesCard, isOpenDay } from "./components/calendar-card";
export { CONFLICT_REASONS, ConflictsWarning } from "./components/change-result";
export { CheckingSlotsStatus } from "./components/checking-slots-status";
export { InstructorCard, InstructorListSkeleton } from "./components/instructor-card";
export { LessonLengthChoice } from "./components/lesson-length-choice";
export { RemovedSlotList, RemovedSlotsNotice } from "./components/removed-slots";
export { PoolTag, SlotList } from "./components/slot-list";
export { SlotPicker, type SlotSelectionProps } from "./components/slot-picker";
export { useCalendarAvailability } from "./hooks/use-calendar-availability";
export { useLessonClashes } from "./hooks/use-lesson-clashes";
export { useOfferedLengths } from "./hooks/use-offered-lengths";
export { useOwnLessonClash } from "./hooks/use-own-lesson-clash";
export { useStandardPrices } from "./hooks/use-standard-prices";
export {
  creditCountText,
  lengthNote,
  lessonCredits,
  paidWithCreditsText,
  type SelectedSlot,
  selectionCredits,
  slotCredits,
  slotKey,
  slotMinutes,
  slotPriceCents,
  slotTimeText,
  toggleSlot,
} from "./model/selection";
export { findStaleSlots } from "./model/stale-slots";
