// What other features may use from lessons: a student's upcoming lessons with their row, actions and cancel
// dialog (the dashboard), the instructor dashboard's lesson summary and clash note, and the admin's cancel
// dialog (the compliance follow-up list).
export { AdminCancelDialog } from "./components/admin-cancel-dialog";
export { ClashNote } from "./components/clash-note";
export { LessonActions } from "./components/lesson-actions";
export { LessonRow } from "./components/lesson-row";
export { LessonSummary } from "./components/lesson-summary";
export { useLessonCancellation } from "./hooks/use-lesson-cancellation";
export { completedLessonCount, upcomingLessons } from "./utils/lesson-lists";
