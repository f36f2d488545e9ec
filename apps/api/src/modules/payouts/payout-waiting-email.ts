/**
 * The instructor is told why a weekly payout run passed them by (issue 31): Kerb may only pay, and
 * issue the RCTI that goes with the payment, once a valid ABN and the current RCTI agreement are on
 * record. Their earnings keep adding up and the first run after they act pays all of them.
 */
import { paths } from "@kerb/shared/paths";
import { formatAud, type PayoutHold } from "@kerb/shared/rules";
import { rctiAgreementReference } from "@kerb/shared/words";
import { brandedEmail, link, type Person, type RenderedEmail } from "../notifications/index.ts";

const STEP: Record<PayoutHold, { subject: string; why: string; action: string }> = {
  abn_missing: {
    subject: "Your Kerb payout is waiting for your ABN",
    why: "Kerb can only pay you once your Australian Business Number (ABN) is on record: it is printed on the recipient-created tax invoice (RCTI) that comes with each payout.",
    action: "Add your ABN",
  },
  agreement_missing: {
    subject: "Your Kerb payout is waiting for the tax invoice agreement",
    why: `Kerb writes the tax invoices for your lessons (RCTIs), and the ATO allows that only under a written agreement you have accepted: ${rctiAgreementReference()}. Until you accept it, no RCTI is issued and no payout is made.`,
    action: "Read and accept the agreement",
  },
};

export function payoutWaitingEmail(data: {
  instructor: Person;
  hold: PayoutHold;
  /** What the run would have paid, before GST, after Kerb's fee: the instructor's net earnings waiting. */
  waitingCents: number;
  appUrl?: string;
}): RenderedEmail {
  const step = STEP[data.hold];
  const earnings = link(data.appUrl, paths.instructor.earnings());
  return brandedEmail({
    subject: step.subject,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `This week's payout run did not pay you. ${step.why}`,
      "Your earnings are safe and keep adding up: the first payout run after you have done this pays all of them, each lesson under its own date.",
    ],
    details: [["Earnings waiting", formatAud(data.waitingCents)]],
    ...(earnings ? { action: { label: step.action, url: earnings } } : {}),
    footnote: "You received this email because you teach on Kerb and have earnings waiting to be paid.",
  });
}
