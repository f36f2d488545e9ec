/**
 * The app's email as tests read it: the outbox worked by hand, as its tick would, into a test SMTP inbox
 * (smtp-inbox.ts). Start the inbox first and the app with `SMTP_URL: inbox.url`, then `outboxMail(t, inbox)`.
 */
import {
  deliverDueEmails,
  type OutboxContext,
  settleOutboxDelivery,
} from "../modules/notifications/outbox-delivery.ts";
import type { Http } from "./seeded-app.ts";
import type { ReceivedMail, SmtpInbox } from "./smtp-inbox.ts";
import type { TestApp } from "./test-app.ts";

export interface OutboxMail {
  /** The app's own database, env, log and clock: what the outbox worker runs with. */
  ctx: OutboxContext;
  /**
   * Lets after-commit deliveries finish, then empties the inbox: for beforeEach, so a test never reads
   * mail that an earlier test's actions sent.
   */
  clear(): Promise<void>;
  /** Lets after-commit deliveries finish, sends anything still due: everything in the inbox so far. */
  delivered(): Promise<ReceivedMail[]>;
  /** delivered(), then empties the inbox: each call returns only what arrived since the last. */
  takeDelivered(): Promise<ReceivedMail[]>;
}

export function outboxMail(t: TestApp, inbox: SmtpInbox): OutboxMail {
  const ctx: OutboxContext = { db: t.database.db, env: t.env, log: t.app.log, now: () => t.clock.now };
  const delivered = async () => {
    await settleOutboxDelivery(ctx);
    await deliverDueEmails(ctx);
    return inbox.messages();
  };
  return {
    ctx,
    async clear() {
      await settleOutboxDelivery(ctx);
      inbox.clear();
    },
    delivered,
    async takeDelivered() {
      const mail = await delivered();
      inbox.clear();
      return mail;
    },
  };
}

/** The address the student's mail goes to, as their profile shows it. */
export async function emailOf(http: Http, student: { accessToken: string }): Promise<string> {
  const profile = await http.get("/api/student/profile", student.accessToken);
  return profile.body.email as string;
}
