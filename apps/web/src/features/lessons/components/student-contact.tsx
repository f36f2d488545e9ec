import type { InstructorLesson } from "@kerb/shared";
import Phone from "lucide-react/icons/phone";
import UserRound from "lucide-react/icons/user-round";
import { studentName, telHref } from "../utils/lesson-timing";

/** The student's name and, when known, their phone as a tap-to-call link. */
export function StudentContact({ lesson }: { lesson: Pick<InstructorLesson, "student"> }) {
  const name = studentName(lesson);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700 text-sm">
      <span className="flex items-center gap-1.5">
        <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          <span className="sr-only">Student: </span>
          <span className="font-medium text-slate-900">{name}</span>
        </span>
      </span>
      {lesson.student.phone ? (
        <a
          href={telHref(lesson.student.phone)}
          className="flex min-h-11 items-center gap-1.5 font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-800 sm:min-h-0"
        >
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          {lesson.student.phone}
        </a>
      ) : (
        <span className="text-slate-500">No phone number</span>
      )}
    </p>
  );
}
