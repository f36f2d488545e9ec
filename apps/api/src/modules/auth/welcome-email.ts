/**
 * The instructor's welcome, sent with the registration (register-instructor.ts): a new instructor cannot
 * be booked until Kerb has checked their documents, so it says what happens next and what they can set
 * up meanwhile (their weekly hours, pool hours, the ABN payouts wait for).
 */
import { paths } from "@kerb/shared/paths";
import { fullName } from "@kerb/shared/rules";
import { poolHoursNotJoinedText } from "@kerb/shared/words";
import { brandedEmail, link, type Person, type RenderedEmail } from "../notifications/index.ts";

export function instructorWelcomeEmail(data: {
  instructor: Person;
  /** Whether they gave a Working With Children check number when registering (it is optional there). */
  hasWwcNumber: boolean;
  appUrl?: string;
}): RenderedEmail {
  const hours = link(data.appUrl, paths.instructor.availability());
  const earnings = link(data.appUrl, paths.instructor.earnings());
  const dashboard = link(data.appUrl, paths.instructor.dashboard());
  const at = (url: string | undefined) => (url ? ` (${url})` : "");
  return brandedEmail({
    subject: "Welcome to Kerb: what happens next",
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      "Thanks for registering to teach on Kerb. Students cannot find or book you yet: first, Kerb checks your driving instructor licence and your Working With Children check. We will email you as soon as you are verified.",
      ...(data.hasWwcNumber
        ? []
        : [
            "You did not give a Working With Children check number. Reply to this email with it: we cannot verify you without it.",
          ]),
      `Meanwhile, set your weekly hours${at(hours)}: students can only book the times you are available.`,
      poolHoursNotJoinedText(at(hours)),
      `Add your ABN on your earnings page${at(earnings)}: Kerb pays your earnings only once your ABN is on record.`,
    ],
    details: [["Account", fullName(data.instructor)]],
    ...(dashboard ? { action: { label: "Open your dashboard", url: dashboard } } : {}),
    footnote: "You received this email because you registered as an instructor on Kerb.",
  });
}
