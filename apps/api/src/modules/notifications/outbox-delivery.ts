/**
 * Delivering the outbox: claim due messages (the work queue's SKIP LOCKED + lease, so two processes
 * never send one message at once), send each over SMTP with the outbox id as its Message-ID, mark it
 * SENT; on failure the queue records the error and backs off, FAILED after OUTBOX_MAX_ATTEMPTS. Without SMTP_URL a message is
 * "sent" to the log (recipient and subject only, never the body). See docs/decisions/009-email-outbox.md.
 */
import type { FastifyInstance } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppContext } from "../../context.ts";
import { scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import * as repo from "./notifications.repository.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "./outbox.ts";

const BATCH_SIZE = 20;

export type OutboxContext = Pick<AppContext, "db" | "now" | "log" | "env">;

interface DeliveryState {
  transport: Transporter | null | undefined;
  /** The delivery run in progress, if any: after-commit kicks and ticks join it instead of stacking. */
  running: Promise<void> | undefined;
  again: boolean;
}

// One state per database (one per app): the ctx objects handed to plugins are copies.
const states = new WeakMap<object, DeliveryState>();

function stateOf(ctx: OutboxContext): DeliveryState {
  let state = states.get(ctx.db);
  if (!state) {
    state = { transport: undefined, running: undefined, again: false };
    states.set(ctx.db, state);
  }
  return state;
}

function transportOf(ctx: OutboxContext): Transporter | null {
  const state = stateOf(ctx);
  if (state.transport === undefined) {
    state.transport = ctx.env.SMTP_URL
      ? nodemailer.createTransport({
          url: ctx.env.SMTP_URL,
          // Bounded, so a hung mail server cannot outlive the lease and get a message sent twice.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 60_000,
        } as nodemailer.TransportOptions)
      : null;
  }
  return state.transport;
}

/** The SMTP Message-ID: a resend after a crash between send and mark carries the same id. */
export const messageIdOf = (outboxId: string) => `<${outboxId}@kerb>`;

/** "sent" when a mail server accepted the message, "logged" when there is none (no SMTP_URL). */
async function send(ctx: OutboxContext, row: repo.OutboxRow): Promise<"sent" | "logged"> {
  const transport = transportOf(ctx);
  if (!transport) {
    ctx.log.info(
      { outboxId: row.id, kind: row.kind, to: row.toEmail, subject: row.subject },
      "email not sent (no SMTP_URL): logged instead",
    );
    return "logged";
  }
  // The one-time secret goes into the message only on its way out (outbox.ts).
  const withSecret = (body: string) =>
    row.oneTimeSecret ? body.replaceAll(ONE_TIME_SECRET_PLACEHOLDER, row.oneTimeSecret) : body;
  await transport.sendMail({
    from: ctx.env.MAIL_FROM,
    to: row.toName ? { name: row.toName, address: row.toEmail } : row.toEmail,
    subject: row.subject,
    text: withSecret(row.textBody),
    html: withSecret(row.htmlBody),
    messageId: messageIdOf(row.id),
    date: row.createdAt,
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.contentBase64,
      encoding: "base64",
    })),
  });
  return "sent";
}

interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Sends one claimed message and records a failure. Never throws. A message sent over SMTP is marked
 * SENT at once: a crash after the server accepted it resends it (same Message-ID) after the lease, so
 * the window is kept to one message. Without SMTP the "send" is a log line, which a crash cannot make
 * anyone receive twice: those are returned unmarked and marked a whole batch in one statement.
 */
async function deliverClaimed(
  ctx: OutboxContext,
  row: repo.OutboxRow,
): Promise<"sent" | "logged" | "failed"> {
  let outcome: "sent" | "logged";
  try {
    outcome = await send(ctx, row);
  } catch (err) {
    const { givenUp, lastError } = await repo.outboxQueue.markFailed(ctx.db, row, {
      error: err,
      now: ctx.now(),
      maxAttempts: ctx.env.OUTBOX_MAX_ATTEMPTS,
    });
    ctx.log.warn(
      { outboxId: row.id, kind: row.kind, to: row.toEmail, attempts: row.attempts, reason: lastError },
      givenUp ? "email failed for good: an operator can retry it" : "email failed; it will be retried",
    );
    return "failed";
  }
  if (outcome === "logged") return outcome;
  // Sent but not yet marked: a crash here resends after the lease, with the same Message-ID.
  await repo.markEmailsSent(ctx.db, [row.id], ctx.now());
  return "sent";
}

/**
 * Claims and sends every due message (or only `ids`), batch by batch. Safe to run in any number of
 * processes at once: a message is claimed by one of them.
 */
export async function deliverDueEmails(
  ctx: OutboxContext,
  options: { ids?: string[] } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (;;) {
    const claimed = await repo.outboxQueue.claim(ctx.db, {
      now: ctx.now(),
      limit: BATCH_SIZE,
      ...(options.ids ? { ids: options.ids } : {}),
    });
    const logged: string[] = [];
    for (const row of claimed) {
      const outcome = await deliverClaimed(ctx, row);
      if (outcome === "logged") logged.push(row.id);
      report[outcome === "failed" ? "failed" : "sent"] += 1;
    }
    await repo.markEmailsSent(ctx.db, logged, ctx.now());
    if (claimed.length < BATCH_SIZE) return report;
  }
}

/**
 * The delivery run of this app: a new one, or the one in progress asked to go round once more (an
 * email enqueued while it sends may have missed its claim). Rejects when the run crashes.
 */
function deliveryRun(ctx: OutboxContext): Promise<void> {
  const state = stateOf(ctx);
  if (state.running) {
    state.again = true;
    return state.running;
  }
  const run = (async () => {
    do {
      state.again = false;
      await deliverDueEmails(ctx);
    } while (state.again);
  })().finally(() => {
    state.running = undefined;
  });
  state.running = run;
  return run;
}

/** After commit: start delivering at once, without making the request wait for the mail server. */
export function kickOutboxDelivery(ctx: OutboxContext): void {
  deliveryRun(ctx).catch((err: unknown) =>
    ctx.log.error({ err }, "email delivery crashed; the outbox tick retries it"),
  );
}

/** Resolves when no delivery run is in progress (tests, and shutdown before the database closes). */
export async function settleOutboxDelivery(ctx: OutboxContext): Promise<void> {
  const state = stateOf(ctx);
  // A crash was reported by whoever started or joined the run.
  while (state.running) await state.running.catch(() => {});
}

/**
 * Wires the outbox into the app: the delivery tick and the scan for scheduled emails (each one replica
 * per tick, recorded, see platform/jobs/scheduled-job.ts; after-commit kicks deliver in every replica, and the
 * queue's lease keeps them apart), and a shutdown that lets a send in progress finish (and closes the
 * SMTP transport) before the database goes.
 */
export function startOutbox(
  app: FastifyInstance,
  ctx: OutboxContext & Pick<AppContext, "database" | "transact">,
  scan: (ctx: OutboxContext & Pick<AppContext, "transact">) => Promise<unknown>,
) {
  if (ctx.env.OUTBOX_INTERVAL_SECONDS > 0) {
    scheduleJob(app, ctx.database, {
      name: "outbox-delivery",
      intervalSeconds: ctx.env.OUTBOX_INTERVAL_SECONDS,
      run: () => deliveryRun(ctx),
    });
  }
  if (ctx.env.NOTIFICATION_SCAN_INTERVAL_SECONDS > 0) {
    scheduleJob(app, ctx.database, {
      name: "notification-scan",
      intervalSeconds: ctx.env.NOTIFICATION_SCAN_INTERVAL_SECONDS,
      run: () => scan(ctx),
    });
  }
  app.addHook("onClose", async () => {
    await settleOutboxDelivery(ctx);
    const state = states.get(ctx.db);
    state?.transport?.close();
    states.delete(ctx.db);
  });
}
