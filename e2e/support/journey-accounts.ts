/**
 * The accounts `seed-learner-journey.ts` writes for e2e/learner-journey.spec.ts, one set per Playwright
 * project (phone, desktop), because the journey changes them: the learner books and keeps an
 * assessment, the instructor marks and records a lesson.
 */
export const JOURNEY_PROJECTS = ["phone", "desktop"] as const;

/** No other spec books or searches here, so nobody else meets these instructors. */
export const JOURNEY_SUBURB = "Chatswood";

export function journeyAccounts(project: string) {
  const phone = project === "phone";
  return {
    student: `journey.student.${project}@e2e.test`,
    studentFirstName: phone ? "Lottie" : "Lachlan",
    studentLastName: "Logbook",
    instructor: `journey.instructor.${project}@e2e.test`,
    instructorFirstName: "Nadia",
    instructorLastName: phone ? "Northway" : "Northcott",
    licenseNumber: phone ? "45000001" : "45000002",
  };
}

/** The lesson taught two days ago: $80.00 an hour. */
export const JOURNEY_LESSON_CENTS = 8000;
/** It ran 10:00–11:00 am Sydney time: daylight all year round. */
export const JOURNEY_LESSON_START_MINUTE = 10 * 60;
export const JOURNEY_LESSON_DAYS_AGO = 2;
