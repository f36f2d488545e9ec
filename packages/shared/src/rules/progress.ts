/**
 * A learner's progress from their instructors' lesson records (issue 23): each skill's latest level, and
 * what to work on next.
 *
 * Decisions:
 * - A skill's level is the one its latest lesson recorded, by the lesson's start (not by when the record
 *   was saved or edited): a record written late for an older lesson does not overrule a newer lesson. A
 *   later lesson may record a lower level than an earlier one (the instructor saw it slip); that stands.
 * - Only the spec's skills (FOCUS_SKILLS) are tracked; anything else in a record is ignored.
 * - What to work on next, in three groups: the learner's focus skills (from their assessment) not yet
 *   competent; then other skills introduced or practising; then the skills nobody has touched yet.
 *   Competent skills are done and left out, focus or not. Within a group the skill furthest from
 *   competent comes first (not started, introduced, practising), then in the spec's order.
 */
import { FOCUS_SKILLS, type SkillLevel } from "../constants.ts";

export type FocusSkill = (typeof FOCUS_SKILLS)[number];

export interface LessonSkills {
  /** When the lesson started: what orders the records. */
  lessonStart: Date;
  skills: readonly { skill: string; level: SkillLevel }[];
}

export interface SkillProgress {
  skill: FocusSkill;
  /** The latest lesson's level; null when no lesson has recorded the skill. */
  level: SkillLevel | null;
  /** The start of the latest lesson that recorded it. */
  lastPractisedAt: Date | null;
  /** How many recorded lessons covered it. */
  lessons: number;
}

export type NextStepReason = "FOCUS" | "IN_PROGRESS" | "NOT_STARTED";

export interface NextStep {
  skill: FocusSkill;
  level: SkillLevel | null;
  isFocus: boolean;
  reason: NextStepReason;
}

export const isFocusSkill = (skill: string): skill is FocusSkill =>
  (FOCUS_SKILLS as readonly string[]).includes(skill);

/** Every spec skill, in the spec's order, with its latest level from `records` (any order). */
export function skillProgress(records: readonly LessonSkills[]): SkillProgress[] {
  const progress = new Map<FocusSkill, SkillProgress>(
    FOCUS_SKILLS.map((skill) => [skill, { skill, level: null, lastPractisedAt: null, lessons: 0 }]),
  );
  // Stable sort: two records of lessons at the same moment keep their order, the later one winning.
  const ordered = [...records].sort((a, b) => a.lessonStart.getTime() - b.lessonStart.getTime());
  for (const record of ordered) {
    for (const { skill, level } of record.skills) {
      const entry = isFocusSkill(skill) ? progress.get(skill) : undefined;
      if (!entry) continue;
      entry.level = level;
      entry.lastPractisedAt = record.lessonStart;
      entry.lessons += 1;
    }
  }
  return [...progress.values()];
}

const DISTANCE_FROM_COMPETENT: Record<SkillLevel | "NONE", number> = {
  NONE: 0,
  INTRODUCED: 1,
  PRACTISING: 2,
  COMPETENT: 3,
};
const GROUP_ORDER: Record<NextStepReason, number> = { FOCUS: 0, IN_PROGRESS: 1, NOT_STARTED: 2 };

/** What to work on next, most pressing first (see the header); competent skills are left out. */
export function whatToWorkOnNext(
  progress: readonly SkillProgress[],
  focusSkills: readonly string[],
): NextStep[] {
  const focus = new Set(focusSkills);
  const steps: Array<NextStep & { order: number }> = [];
  progress.forEach(({ skill, level }, order) => {
    if (level === "COMPETENT") return;
    const isFocus = focus.has(skill);
    const reason: NextStepReason = isFocus ? "FOCUS" : level === null ? "NOT_STARTED" : "IN_PROGRESS";
    steps.push({ skill, level, isFocus, reason, order });
  });
  return steps
    .sort(
      (a, b) =>
        GROUP_ORDER[a.reason] - GROUP_ORDER[b.reason] ||
        DISTANCE_FROM_COMPETENT[a.level ?? "NONE"] - DISTANCE_FROM_COMPETENT[b.level ?? "NONE"] ||
        a.order - b.order,
    )
    .map(({ order: _order, ...step }) => step);
}
