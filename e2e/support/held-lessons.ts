/**
 * The accounts `seed-held-lessons.ts` writes, shared with e2e/held-lessons.spec.ts: one instructor and
 * student per Playwright project (phone, desktop), because refunding the held lesson uses it up.
 */
export const HELD_PROJECTS = ["phone", "desktop"] as const;

export function heldAccounts(project: string) {
  return {
    instructor: `held.instructor.${project}@e2e.test`,
    instructorFirstName: "Rex",
    instructorLastName: project === "phone" ? "Refused" : "Rejected",
    student: `held.student.${project}@e2e.test`,
    studentFirstName: "Hana",
    studentLastName: project === "phone" ? "Hollis" : "Hartley",
  };
}

/** What the admin gave as the reason for the rejection (kept in the audit log). */
export const REJECTION_REASON = "Licence suspended by Transport for NSW";
/** The held lesson's price ex GST: $80.00, so $88.00 back to the card. */
export const HELD_LESSON_CENTS = 8000;
