/**
 * The receipt of a guardian who paid for a learner (issue 30): their own email, sent whatever their
 * copy setting and even if the learner removed them meanwhile. It is about their money, so it names what
 * was bought and for whom, never the lesson times (those are the learner's, and their copies').
 */
import { paths } from "@kerb/shared/paths";
import { fullName } from "@kerb/shared/rules";
import { brandedEmail, link, type Person, type RenderedEmail, withGst } from "../notifications/index.ts";

interface PayerReceiptData {
  payer: Person;
  learner: Person;
  /** "10-lesson bundle", "2 driving lessons". */
  purchase: string;
  amountCents: number;
  gstCents: number;
  invoiceNumber: string;
  appUrl?: string;
}

export function payerReceipt(data: PayerReceiptData): RenderedEmail {
  const url = link(data.appUrl, paths.guardian.home());
  const learner = fullName(data.learner);
  return brandedEmail({
    subject: `Your receipt for ${data.learner.firstName}'s ${data.purchase} (${data.invoiceNumber})`,
    greeting: `Hi ${data.payer.firstName},`,
    paragraphs: [
      `Thank you: your payment for ${learner}'s ${data.purchase} went through. What you bought is ${data.learner.firstName}'s to use.`,
      "Your tax invoice, in your name, is on your Kerb page under Your payments. Any refund goes back to the card you paid with.",
    ],
    details: [
      ["For", learner],
      ["Bought", data.purchase],
      ["Paid", withGst(data.amountCents, data.gstCents)],
      ["Invoice", data.invoiceNumber],
    ],
    ...(url ? { action: { label: "See your payments", url } } : {}),
    footnote: `You received this email because you paid on Kerb for ${learner}.`,
  });
}
