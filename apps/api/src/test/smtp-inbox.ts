/**
 * A real SMTP server in the test process (smtp-server): the app sends over the wire to it, and tests
 * read back what arrived, parsed (mailparser). It can refuse the next messages, to test retries.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpInbox {
  url: string;
  /** Everything accepted so far, in arrival order. */
  messages(): Promise<ReceivedMail[]>;
  /** Those sent to one address. */
  to(email: string): Promise<ReceivedMail[]>;
  /** Refuses the next `n` messages with a temporary error (451). */
  rejectNext(n: number): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: Array<{ to: string[]; raw: Buffer }> = [];
  let rejecting = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (rejecting > 0) {
          rejecting -= 1;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const parseAll = () =>
    Promise.all(received.map(async (m) => ({ ...m, parsed: await simpleParser(m.raw) })));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: parseAll,
    async to(email) {
      return (await parseAll()).filter((m) => m.to.includes(email));
    },
    rejectNext(n) {
      rejecting = n;
    },
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
