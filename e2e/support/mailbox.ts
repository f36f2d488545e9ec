/** Reads what the e2e mail sink received: real messages sent over SMTP by the server under test. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { scaled } from "../../apps/api/src/test/time-scale.ts";

export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? ".e2e-mail";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename?: string; contentType: string; content: string }>;
}

function addresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((a) => (a.address ?? "").toLowerCase()));
}

export async function readMailbox(): Promise<ReceivedMail[]> {
  const files = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(readFileSync(join(MAIL_DIR, file)));
      return {
        to: addresses(mail),
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        html: typeof mail.html === "string" ? mail.html : "",
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content.toString("utf8"),
        })),
      };
    }),
  );
}

/**
 * The messages sent to `email`, once one of them matches `match` (the outbox delivers after commit, so
 * a message may still be on its way).
 */
export async function mailTo(email: string, match: (mail: ReceivedMail) => boolean = () => true) {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readMailbox()).filter((m) => m.to.includes(email.toLowerCase()));
        return found.some(match);
      },
      { message: `mail to ${email}`, timeout: scaled(20_000) },
    )
    .toBe(true);
  return found;
}
