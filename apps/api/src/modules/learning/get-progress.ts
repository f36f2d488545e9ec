import type { StudentProgress } from "@kerb/shared";
import { isFocusSkill, skillProgress, whatToWorkOnNext } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { listTestPacksOfLearner } from "../test-pack-outcomes/index.ts";
import { focusSkillsOf, requireLearner } from "./learner-journey.ts";
import * as repo from "./learning.repository.ts";

/** How many lesson records the progress page shows. */
const RECENT_RECORDS = 5;

export async function getProgress(ctx: AppContext, studentId: string): Promise<StudentProgress> {
  const [learner, records, completed, packs] = await Promise.all([
    requireLearner(ctx, studentId),
    repo.listLearnerRecords(ctx.db, studentId),
    repo.completedLessonTotals(ctx.db, studentId),
    listTestPacksOfLearner(ctx.db, studentId),
  ]);
  const focusSkills = focusSkillsOf(learner);
  const focus = new Set<string>(focusSkills);
  // The table's jsonb was written through the shared schema: skills and levels are the spec's.
  const skillsOf = (row: (typeof records)[number]) =>
    row.skills.filter((s) => isFocusSkill(s.skill)) as StudentProgress["recentRecords"][number]["skills"];
  const progress = skillProgress(records.map((r) => ({ lessonStart: r.startTime, skills: skillsOf(r) })));
  return {
    focusSkills,
    targetTestDate: learner.targetTestDate,
    lessonsCompleted: completed.lessons,
    minutesCompleted: completed.minutes,
    skills: progress.map((p) => ({
      skill: p.skill,
      level: p.level,
      lastPractisedAt: p.lastPractisedAt?.toISOString() ?? null,
      lessons: p.lessons,
      isFocus: focus.has(p.skill),
    })),
    nextSteps: whatToWorkOnNext(progress, focusSkills),
    recentRecords: records.slice(0, RECENT_RECORDS).map((r) => ({
      bookingId: r.bookingId,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      instructor: r.instructor,
      skills: skillsOf(r),
      note: r.note,
      logbookConfirmed: r.logbookConfirmedAt !== null,
    })),
    testPacks: packs,
  };
}
