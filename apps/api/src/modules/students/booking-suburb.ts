import { SUBURBS, type Suburb } from "@kerb/shared";
import { findSuburb, unknownSuburbMessage } from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";

/**
 * Where a learner's lessons (or an alert's times) are: the suburb the request names, else the learner's
 * own. The schema has already matched a suburb sent in the request; the learner's own may be stale, so
 * no suburb Kerb serves is 400 invalid_suburb.
 */
export function bookingSuburb(asked: Suburb | undefined, studentSuburb: string | null | undefined): Suburb {
  const suburb = asked ?? findSuburb(studentSuburb ?? "");
  if (!suburb) throw new AppError("invalid_suburb", unknownSuburbMessage(), { validSuburbs: SUBURBS });
  return suburb;
}
