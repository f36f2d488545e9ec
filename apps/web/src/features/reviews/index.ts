// What other features may use from reviews: reviewing a lesson from the student's lessons list.
export { ReviewAction } from "./components/review-action";
export { useLessonReview } from "./hooks/use-lesson-review";
