import type { AffectedBooking, AvailabilityChangeResponse } from "@kerb/shared";
import { createContext, type ReactNode, useContext, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatTimeRange } from "@/lib/format";
import { studentName } from "../utils/lesson-timing";

const REASONS: Record<AffectedBooking["reasons"][number], string> = {
  OUTSIDE_HOURS: "outside your hours",
  SUBURB_NOT_SERVED: "suburb no longer served",
  POOL_OPT_OUT: "pool hours turned off",
};

/**
 * What a saved change did: a confirmation, and when booked lessons no longer fit the new hours or
 * settings, the server's warning with those lessons. They are kept, not cancelled.
 */
export function ChangeResult({ success, change }: { success: string; change: AvailabilityChangeResponse }) {
  const affected = change.affectedBookings;
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="success">{success}</Alert>
      {affected.length > 0 ? (
        <Alert
          tone="warning"
          title={
            affected.length === 1
              ? "1 booked lesson is outside your new settings"
              : `${affected.length} booked lessons are outside your new settings`
          }
          action={
            <TextLink to={paths.instructor.lessons()} className="text-sm">
              Go to your lessons
            </TextLink>
          }
        >
          <p>
            {change.warning ??
              "These lessons have NOT been cancelled: contact the student, or cancel from your lessons list."}
          </p>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {affected.map((lesson) => (
              <li key={lesson.id}>
                <span className="font-semibold">
                  {formatDate(lesson.startTime)} {formatTimeRange(lesson.startTime, lesson.endTime)}
                </span>{" "}
                with {studentName(lesson)} in {lesson.suburb} (
                {lesson.reasons.map((reason) => REASONS[reason] ?? reason).join(", ")})
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}

type LatestChange = { latest: string | null; setLatest: (key: string) => void };
const LatestChangeContext = createContext<LatestChange | null>(null);

/**
 * Every save answers with the same list of lessons that no longer fit, so only the card saved last
 * shows its result; otherwise the same warning would pile up in every card on the page.
 */
export function LatestChangeProvider({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<string | null>(null);
  return <LatestChangeContext value={{ latest, setLatest }}>{children}</LatestChangeContext>;
}

export function useLatestChange(key: string) {
  const context = useContext(LatestChangeContext);
  return {
    isLatest: context ? context.latest === key : true,
    markLatest: () => context?.setLatest(key),
  };
}
