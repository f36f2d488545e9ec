import { useLocation, useSearchParams } from "react-router";
import { BookingWizard } from "../components/booking-wizard";

/**
 * /student/book and /student/book-lessons (spec §2). `?resume=true` restores the saved draft; any
 * other visit starts a fresh booking. A new navigation here (the navbar's Book Lessons while already
 * booking) starts over too, hence the key.
 */
export function BookLessonsPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  return <BookingWizard key={location.key} resume={searchParams.get("resume") === "true"} />;
}
