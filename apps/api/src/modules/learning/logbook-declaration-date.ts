import { logbookDateIssue } from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";

/**
 * A declared lesson's or course's date in the future, or older than a learner licence lasts, is a 400
 * validation_error naming the field (judged on today's Sydney date).
 */
export function requireLogbookDate(field: string, date: string, now: Date): void {
  const issue = logbookDateIssue(date, sydneyTodayDate(now));
  if (issue) throw new AppError("validation_error", issue, [{ path: field, message: issue }]);
}
