/**
 * The accounts `seed-messages.ts` writes for e2e/messages.spec.ts, one set per Playwright project
 * (phone, desktop): a learner and an instructor with a lesson booked together and one message each way,
 * sent (by the API's own use case, its clock set back) longer ago than the batched email waits.
 */
export const MESSAGE_PROJECTS = ["phone", "desktop"] as const;

export function messageAccounts(project: string) {
  const phone = project === "phone";
  return {
    student: `messages.student.${project}@e2e.test`,
    studentFirstName: "Milo",
    studentLastName: phone ? "Mercer" : "Marsh",
    instructor: `messages.instructor.${project}@e2e.test`,
    instructorFirstName: "Pia",
    instructorLastName: phone ? "Parker" : "Porter",
  };
}

/** What each side wrote before the server started (minutes before then). */
export const SEEDED_MESSAGES = {
  fromStudent: { minutesAgo: 12, body: "Hi Pia, is it OK to practise hill starts on Saturday?" },
  fromInstructor: {
    minutesAgo: 10,
    body: "Hi Milo, I'll be in a white Corolla with Kerb L-plates, outside the station.",
  },
} as const;
