export { CancelBookingDialog } from "./components/cancel-booking-dialog";
export { LessonSummary } from "./components/lesson-summary";
