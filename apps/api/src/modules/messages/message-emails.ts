/**
 * The batched message emails, written by the notification scan (notifications/scheduled-notices.ts):
 * a recipient with a message still unread MESSAGE_EMAIL_DELAY_MINUTES after it was sent gets one email
 * covering all their unread messages that no email has covered yet, and those are marked (notified_at)
 * in the same transaction. A quick back-and-forth read in the app sends nothing.
 *
 * Once per message across processes: the scan runs in one replica per tick (its job lock), the messages
 * are locked FOR UPDATE SKIP LOCKED (a second scan at the same moment skips them), and the email's
 * dedupe key names the latest message it covers (the outbox keeps one email per key).
 */
import { messageEmailDueBefore } from "@kerb/shared/rules";
import { groupBy } from "../../lib/group-by.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import * as repo from "./messages.repository.ts";
import { newMessages, type UnreadConversation } from "./new-messages-email.ts";

type Waiting = Awaited<ReturnType<typeof repo.lockMessagesAwaitingEmail>>[number];

const recipientOf = (m: Waiting) => (m.senderId === m.studentId ? m.instructorId : m.studentId);

/** Enqueues the emails that are due; returns how many were written to the outbox. */
export async function enqueueMessageEmails(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  const dueBefore = messageEmailDueBefore(now);
  const recipients = await repo.listRecipientsDue(uow.tx, dueBefore);
  const waiting = await repo.lockMessagesAwaitingEmail(uow.tx, recipients);
  if (waiting.length === 0) return 0;
  const people = new Map(
    (await repo.findPeople(uow.tx, [...new Set(waiting.flatMap((m) => [m.studentId, m.instructorId]))])).map(
      (p) => [p.id, p],
    ),
  );
  let enqueued = 0;
  for (const [recipientId, mine] of groupBy(waiting, recipientOf)) {
    const recipient = people.get(recipientId);
    // Another scan holds the due ones (SKIP LOCKED): what is left here is not due yet.
    if (!recipient || !mine.some((m) => m.createdAt <= dueBefore)) continue;
    const conversations: UnreadConversation[] = [];
    for (const [senderId, sent] of groupBy(mine, (m) => m.senderId)) {
      const sender = people.get(senderId);
      const latest = sent[sent.length - 1];
      if (!sender || !latest) continue;
      conversations.push({
        from: { id: sender.id, firstName: sender.firstName, lastName: sender.lastName },
        count: sent.length,
        latest: { body: latest.body, sentAt: latest.createdAt },
      });
    }
    conversations.sort((a, b) => b.latest.sentAt.getTime() - a.latest.sentAt.getTime());
    const last = mine[mine.length - 1];
    if (!last) continue;
    const [id] = await uow.email({
      kind: "new_messages",
      to: { email: recipient.email, name: `${recipient.firstName} ${recipient.lastName}`.trim() },
      ...newMessages({
        recipient: {
          firstName: recipient.firstName,
          lastName: recipient.lastName,
          role: recipient.role === "INSTRUCTOR" ? "INSTRUCTOR" : "STUDENT",
        },
        conversations,
        appUrl,
      }),
      // The latest message covered: each message is covered by one email, so one key per email.
      dedupeKey: `new-messages:${recipientId}:${last.id}`,
      now,
    });
    // Marked even when the key was there already: an email covering them exists.
    await repo.markEmailed(
      uow.tx,
      mine.map((m) => m.id),
      now,
    );
    if (id) enqueued += 1;
  }
  return enqueued;
}
