/** The invitation a learner sends a parent or guardian: the link carries the token, nothing else secret. */
import { GUARDIAN_INVITATION_WINDOW } from "@kerb/shared/words";
import type { OutboxEmail } from "../notifications/index.ts";
import { brandedEmail } from "../notifications/index.ts";

export function guardianInvitationEmail(input: {
  email: string;
  learner: { firstName: string; lastName: string };
  url: string;
}): Omit<OutboxEmail, "now"> {
  const learner = `${input.learner.firstName} ${input.learner.lastName}`;
  return {
    kind: "guardian_invited",
    to: { email: input.email },
    ...brandedEmail({
      subject: `${input.learner.firstName} invited you to follow their driving lessons on Kerb`,
      greeting: "Hello,",
      paragraphs: [
        `${learner} is learning to drive with Kerb and would like you to follow along as their parent or guardian.`,
        "With a guardian account you can see their upcoming lessons, their progress and NSW logbook hours, and their payments, and you can buy lesson bundles or pay for lessons they have chosen. The lessons and credits stay theirs.",
        `The invitation can be accepted for ${GUARDIAN_INVITATION_WINDOW}. ${input.learner.firstName} can remove you at any time.`,
      ],
      action: { label: "Accept the invitation", url: input.url },
      footnote: `You received this email because ${learner} entered this address on Kerb. If you do not know them, ignore it: nothing happens unless the link is used.`,
    }),
  };
}
