/**
 * A real SMTP server for the browser tests: the production server under test sends its email here
 * (SMTP_URL), and every message received is written as an .eml file that the specs read back
 * (`e2e/support/mailbox.ts`). Started by Playwright as a web server of its own.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.E2E_SMTP_PORT ?? 4325);
const dir = process.env.E2E_MAIL_DIR ?? ".e2e-mail";
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let received = 0;
const server = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received += 1;
      writeFileSync(
        join(dir, `${Date.now()}-${String(received).padStart(5, "0")}.eml`),
        Buffer.concat(chunks),
      );
      callback();
    });
  },
});
server.listen(port, "127.0.0.1", () => console.log(`mail sink on smtp://127.0.0.1:${port}, writing ${dir}`));
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
