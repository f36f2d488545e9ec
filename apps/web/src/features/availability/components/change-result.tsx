import type { AffectedBooking, AvailabilityChangeResponse } from "@kerb/shared";
import { createContext, type ReactNode, useContext, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatTimeRange } from "@/lib/format";

export const CONFLICT_REASONS: Record<AffectedBooking["reasons"][number], string> = {
  OUTSIDE_HOURS: "outside your hours",
  SUBURB_NOT_SERVED: "suburb no longer served",
  POOL_OPT_OUT: "pool hours turned off",
};

/**
 * What a saved change did: a confirmation. Lessons the change left outside the hours or settings are
 * not repeated here: the page's `ConflictsWarning` lists them for as long as they stay unresolved.
 */
export function ChangeResult({ success }: { success: string; change?: AvailabilityChangeResponse }) {
  return <Alert tone="success">{success}</Alert>;
}

/**
 * Booked lessons the current hours or settings no longer allow (a day off over a lesson, pool hours
 * turned off…). Computed by the server from the current state on every load and after every change, so
 * it stays on the page until resolved: the hours change back, or the lesson is cancelled.
 */
export function ConflictsWarning({
  conflicts,
  linkTo = "lessons",
}: {
  conflicts: AffectedBooking[];
  /** Where its link leads: the lessons list, or the Availability page (from the lessons list). */
  linkTo?: "lessons" | "availability";
}) {
  if (conflicts.length === 0) return null;
  const outsideHours = conflicts.some((lesson) => lesson.reasons.includes("OUTSIDE_HOURS"));
  return (
    <Alert
      tone="warning"
      title={
        conflicts.length === 1
          ? "1 booked lesson is outside your hours or settings"
          : `${conflicts.length} booked lessons are outside your hours or settings`
      }
      action={
        linkTo === "lessons" ? (
          <TextLink to={paths.instructor.lessons()} className="text-sm">
            Go to your lessons
          </TextLink>
        ) : (
          <TextLink to={paths.instructor.availability()} className="text-sm">
            Review your hours
          </TextLink>
        )
      }
    >
      <p>
        These lessons have NOT been cancelled: teach them, change your hours back, or cancel them from your
        lessons list (the student is refunded in full). This stays here until each one is resolved.
      </p>
      {outsideHours ? (
        <p className="mt-1">
          We have emailed each student whose lesson is outside your hours, and will email them again when it
          is resolved.
        </p>
      ) : null}
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {conflicts.map((lesson) => (
          <li key={lesson.id}>
            <span className="font-semibold">
              {formatDate(lesson.startTime)} {formatTimeRange(lesson.startTime, lesson.endTime)}
            </span>{" "}
            with {lesson.student.firstName} {lesson.student.lastName} in {lesson.suburb} (
            {lesson.reasons.map((reason) => CONFLICT_REASONS[reason] ?? reason).join(", ")})
          </li>
        ))}
      </ul>
    </Alert>
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
