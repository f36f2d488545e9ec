/**
 * The accounts `seed-trust.ts` writes for `e2e/trust.spec.ts`, one set per Playwright project (phone,
 * desktop) because the journey changes them: a lesson gets marked and reviewed, the instructor delisted.
 */
export const TRUST_SUBURB = "Sutherland";

export function trustAccounts(project: string) {
  return {
    student: `trust.student.${project}@e2e.test`,
    instructor: `trust.instructor.${project}@e2e.test`,
    instructorFirstName: "Ivy",
    instructorLastName: `Trust${project === "phone" ? "Phone" : "Desk"}`,
  };
}

export const TRUST_PROJECTS = ["phone", "desktop"] as const;
