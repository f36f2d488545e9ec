/** A learner's progress and NSW logbook as the API answers them: the learner's page and their guardian's. */

import { FOCUS_SKILLS, type StudentLogbook, type StudentProgress } from "@kerb/shared";
import { LOGBOOK_RULES } from "@kerb/shared/rules";

/** Three lessons in: Roundabouts practising, Night Driving introduced, City Traffic competent. */
export function progress(overrides: Partial<StudentProgress> = {}): StudentProgress {
  const levels: Record<string, "INTRODUCED" | "PRACTISING" | "COMPETENT"> = {
    Roundabouts: "PRACTISING",
    "Night Driving": "INTRODUCED",
    "City Traffic": "COMPETENT",
  };
  return {
    focusSkills: ["Roundabouts", "Highway Driving"],
    targetTestDate: null,
    lessonsCompleted: 3,
    minutesCompleted: 210,
    skills: FOCUS_SKILLS.map((skill) => ({
      skill,
      level: levels[skill] ?? null,
      lastPractisedAt: levels[skill] ? "2026-06-15T08:00:00.000Z" : null,
      lessons: levels[skill] ? 1 : 0,
      isFocus: skill === "Roundabouts" || skill === "Highway Driving",
    })),
    nextSteps: [
      { skill: "Highway Driving", level: null, isFocus: true, reason: "FOCUS" },
      { skill: "Roundabouts", level: "PRACTISING", isFocus: true, reason: "FOCUS" },
      { skill: "Night Driving", level: "INTRODUCED", isFocus: false, reason: "IN_PROGRESS" },
      { skill: "Parallel Parking", level: null, isFocus: false, reason: "NOT_STARTED" },
    ],
    recentRecords: [
      {
        bookingId: "b0000000-0000-4000-8000-000000000001",
        startTime: "2026-06-15T08:00:00.000Z",
        endTime: "2026-06-15T09:00:00.000Z",
        instructor: { firstName: "Ivy", lastName: "Teach" },
        skills: [
          { skill: "Night Driving", level: "INTRODUCED" },
          { skill: "Roundabouts", level: "PRACTISING" },
        ],
        note: "Good lane discipline after dark.",
        logbookConfirmed: true,
      },
    ],
    testPacks: [],
    ...overrides,
  };
}

/** Under 25: one night lesson with Ivy credited 3 h (1 at night); 6 h of 120 and 1 of 20 in all. */
export function logbook(overrides: Partial<StudentLogbook["totals"]> = {}): StudentLogbook {
  return {
    dateOfBirth: "2008-03-01",
    requiredMinutes: 7200,
    requiredNightMinutes: 1200,
    totals: {
      lessonMinutes: 120,
      lessonNightMinutes: 60,
      creditedMinutes: 360,
      creditedNightMinutes: 60,
      remainingMinutes: 6840,
      remainingNightMinutes: 1140,
      bonusMinutesLeft: 480,
      under25: true,
      ageUnknown: false,
      outsideLessonMinutes: 0,
      lines: [
        {
          rule: "THREE_FOR_ONE",
          text: LOGBOOK_RULES.THREE_FOR_ONE,
          drivenMinutes: 120,
          creditedMinutes: 360,
        },
      ],
      nightRule: LOGBOOK_RULES.NIGHT,
      requirementRule: LOGBOOK_RULES.REQUIREMENT,
      ...overrides,
    },
    lessons: [
      {
        bookingId: "b0000000-0000-4000-8000-000000000001",
        date: "2026-06-15",
        startTime: "2026-06-15T08:00:00.000Z",
        endTime: "2026-06-15T09:00:00.000Z",
        suburb: "Sydney CBD",
        instructor: { firstName: "Ivy", lastName: "Teach", licenseNumber: "87654321" },
        dayMinutes: 0,
        nightMinutes: 60,
        bonusMinutes: 60,
        creditedDayMinutes: 120,
        creditedNightMinutes: 60,
        creditedMinutes: 180,
        confirmed: true,
        rule: "THREE_FOR_ONE",
      },
    ],
    outsideLessons: [],
    saferDriversCourse: null,
  };
}
