/**
 * Parents and guardians hear what their learner hears (issue 23): a learner may have their booking and
 * cancellation emails copied to a guardian, and whoever paid for a purchase (a guardian paying for the
 * learner) always gets its confirmation, with the invoice number. A copy is the learner's email with
 * "Copy:" before its subject, without the calendar file, keyed apart so each is sent once.
 */
import type { Executor } from "../../db/client.ts";
import type { OutboxEmail } from "../notifications/index.ts";
import { listCopyRecipients } from "./guardians.repository.ts";

type Recipient = { email: string; firstName: string; lastName: string };

function copyTo(email: OutboxEmail, to: Recipient, key: string): OutboxEmail {
  const { attachments: _calendar, ...rest } = email;
  return {
    ...rest,
    to: { email: to.email, name: `${to.firstName} ${to.lastName}`.trim() },
    subject: `Copy: ${email.subject}`,
    ...(email.dedupeKey ? { dedupeKey: `${email.dedupeKey}:${key}` } : {}),
  };
}

/**
 * Copies of the learner's `emails` for the guardians who asked for them, and for `payer` (who paid, when
 * not the learner) whether or not they asked. The payer is not sent two.
 */
export async function guardianCopies(
  tx: Executor,
  learnerId: string,
  emails: OutboxEmail[],
  payer?: (Recipient & { id: string }) | null,
): Promise<OutboxEmail[]> {
  if (emails.length === 0) return [];
  const guardians = await listCopyRecipients(tx, learnerId);
  const copies: OutboxEmail[] = [];
  for (const email of emails) {
    if (payer) copies.push(copyTo(email, payer, `payer:${payer.id}`));
    for (const guardian of guardians) {
      if (payer && guardian.email.toLowerCase() === payer.email.toLowerCase()) continue;
      copies.push(copyTo(email, guardian, `guardian:${guardian.linkId}`));
    }
  }
  return copies;
}
