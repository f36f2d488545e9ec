/**
 * The demo app mailing to a test SMTP inbox, shared by a file's email tests: started before them, the
 * inbox emptied before each test (mail-fixtures.ts `clear`), the clock put back after each, and app
 * and inbox closed at the end. Call it inside the suite; `onStart` gets the app once it runs.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type OutboxMail, outboxMail } from "./mail-fixtures.ts";
import { type DemoApp, startDemoApp } from "./seeded-app.ts";
import { type SmtpInbox, startSmtpInbox } from "./smtp-inbox.ts";
import type { DatabaseKind } from "./test-app.ts";

export interface DemoMailApp extends DemoApp {
  inbox: SmtpInbox;
  mailbox: OutboxMail;
}

export function useDemoMailApp(
  kind: DatabaseKind,
  onStart: (app: DemoMailApp) => void | Promise<void>,
  options: { env?: Record<string, string> } = {},
) {
  let app: DemoMailApp | undefined;
  beforeAll(async () => {
    const inbox = await startSmtpInbox();
    const demo = await startDemoApp(kind, { env: { SMTP_URL: inbox.url, ...options.env } });
    app = { ...demo, inbox, mailbox: outboxMail(demo.t, inbox) };
    await onStart(app);
  });
  beforeEach(() => app?.mailbox.clear());
  afterEach(() => {
    if (app) app.t.clock.now = app.base;
  });
  afterAll(async () => {
    await app?.t.close();
    await app?.inbox.close();
  });
}
