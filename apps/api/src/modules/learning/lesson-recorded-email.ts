/** A lesson's record from its instructor, to the learner: the skills practised, the note, the logbook. */

import type { SkillLevel } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { fullName } from "@kerb/shared/rules";
import { skillLevelLabels } from "@kerb/shared/words";
import {
  brandedEmail,
  type LessonTime,
  lessonWhen,
  link,
  type Person,
  type RenderedEmail,
} from "../notifications/index.ts";

interface LessonRecordedData {
  student: Person;
  instructor: Person;
  lesson: LessonTime;
  skills: ReadonlyArray<{ skill: string; level: SkillLevel }>;
  note: string;
  logbookConfirmed: boolean;
  appUrl?: string;
}

export function lessonRecorded(data: LessonRecordedData): RenderedEmail {
  const url = link(data.appUrl, paths.student.progress());
  const note = data.note.trim();
  return brandedEmail({
    subject: `Your lesson on ${lessonWhen(data.lesson).split(",")[0]}: what you worked on`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${fullName(data.instructor)} has recorded your lesson on ${lessonWhen(data.lesson)}: the skills you practised and how far you are with each.`,
      ...(note ? [`${data.instructor.firstName}'s note: ${note}`] : []),
      data.logbookConfirmed
        ? "Your instructor confirmed it as a structured lesson for your NSW learner logbook: it is in your logbook record on Kerb."
        : "Your instructor has not confirmed it for your NSW learner logbook yet.",
    ],
    details: [
      ["Lesson", lessonWhen(data.lesson)],
      ["Instructor", fullName(data.instructor)],
      ...data.skills.map(({ skill, level }): [string, string] => [skill, skillLevelLabels[level]]),
    ],
    ...(url ? { action: { label: "See my progress", url } } : {}),
    footnote: "You received this email because your instructor recorded a lesson you took on Kerb.",
  });
}
