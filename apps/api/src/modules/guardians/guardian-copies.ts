/**
 * Parents and guardians hear what their learner hears (issue 23): a learner may have their booking and
 * cancellation emails copied to a guardian they follow now (a removed one gets none, even if they paid:
 * their receipt is their own email, checkout/payer-receipt-email.ts). A copy is the learner's email with
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

/** Copies of the learner's `emails` for the guardians (ACTIVE links) who asked for them. */
export async function guardianCopies(
  tx: Executor,
  learnerId: string,
  emails: OutboxEmail[],
): Promise<OutboxEmail[]> {
  if (emails.length === 0) return [];
  const guardians = await listCopyRecipients(tx, learnerId);
  return emails.flatMap((email) =>
    guardians.map((guardian) => copyTo(email, guardian, `guardian:${guardian.linkId}`)),
  );
}
