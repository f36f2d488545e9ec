/** The reviews module's public entry: what other modules may call. */
export { listStudentReviewRatings } from "./reviews.repository.ts";
