/**
 * The batched message notification (issue 23 item 5): one email to a learner or an instructor covering
 * every message to them that is still unread a few minutes after it was sent, with a link back to each
 * conversation. Sent by the notification scan (messages/message-emails.ts), never per message.
 */
import { MESSAGE_EMAIL_DELAY_MINUTES } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { formatSydneyDate, formatSydneyTime, fullName, messageExcerpt } from "@kerb/shared/rules";
import { plural } from "@kerb/shared/words";
import { brandedEmail, link, type Person, type RenderedEmail } from "../notifications/index.ts";

export interface UnreadConversation {
  /** Who wrote: the recipient's instructor or learner. */
  from: Person & { id: string };
  count: number;
  /** Their latest unread message. */
  latest: { body: string; sentAt: Date };
}

interface NewMessagesData {
  recipient: Person & { role: "STUDENT" | "INSTRUCTOR" };
  /** Latest first. */
  conversations: UnreadConversation[];
  appUrl?: string;
}

function subjectOf(conversations: UnreadConversation[], total: number): string {
  const [first] = conversations;
  if (!first) return "New messages on Kerb";
  const others = conversations.length - 1;
  const what = total === 1 ? "New message" : `${total} new messages`;
  const from = others === 0 ? fullName(first.from) : `${fullName(first.from)} and ${plural(others, "other")}`;
  return `${what} from ${from}`;
}

export function newMessages(data: NewMessagesData): RenderedEmail {
  const total = data.conversations.reduce((sum, c) => sum + c.count, 0);
  const conversationPath = (otherId?: string) =>
    data.recipient.role === "STUDENT" ? paths.student.messages(otherId) : paths.instructor.messages(otherId);
  const [only] = data.conversations.length === 1 ? data.conversations : [];
  const action = link(data.appUrl, conversationPath(only?.from.id));
  return brandedEmail({
    subject: subjectOf(data.conversations, total),
    greeting: `Hi ${data.recipient.firstName},`,
    paragraphs: [
      `You have ${plural(total, "unread message")} on Kerb.`,
      ...data.conversations.flatMap((c) => {
        const reply = link(data.appUrl, conversationPath(c.from.id));
        const when = `${formatSydneyTime(c.latest.sentAt)} on ${formatSydneyDate(c.latest.sentAt)}`;
        return [
          `${fullName(c.from)} (${plural(c.count, "message")}, the latest at ${when}): "${messageExcerpt(c.latest.body)}"`,
          ...(reply && !only ? [`Read and reply: ${reply}`] : []),
        ];
      }),
      "Reply in Kerb rather than to this email.",
    ],
    ...(action ? { action: { label: only ? "Read and reply" : "Open messages", url: action } } : {}),
    footnote:
      `You received this email because someone you have a lesson with messaged you on Kerb and it was ` +
      `still unread ${MESSAGE_EMAIL_DELAY_MINUTES} minutes later.`,
  });
}
