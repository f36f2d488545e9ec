import { useLocation, useSearchParams } from "react-router";
import { BookingWizard } from "../components/booking-wizard";
import { wizardHistoryState } from "../model/step-address";

/**
 * /student/book and /student/book-lessons (spec §2). `?resume=true` restores the saved draft; any
 * other visit starts a fresh booking. The wizard's own steps are history entries of one session
 * (their state names it), so Back and Forward between them keep the wizard; any other arrival, such
 * as the navbar's Book Lessons while already booking, is a new session and starts over.
 */
export function BookLessonsPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const session = wizardHistoryState(location.state)?.wizardSession ?? location.key;
  return <BookingWizard key={session} session={session} resume={searchParams.get("resume") === "true"} />;
}
