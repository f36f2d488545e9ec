import { defineConfig, devices } from "@playwright/test";
import { scaled } from "./apps/api/src/test/time-scale.ts";

const PORT = Number(process.env.E2E_PORT ?? 4310);
// Its own port and data directory let two runs share a checkout (E2E_PORT=4320 E2E_DATA_DIR=.e2e-b).
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
const baseURL = `http://127.0.0.1:${PORT}`;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 15);
const MAIL_DIR = process.env.E2E_MAIL_DIR ?? ".e2e-mail";

// Debian's Chromium, never a downloaded browser (see ../shared/TESTING.md).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  // No retries: a spec that needs one waits for the wrong thing. Wait for the data (expect.poll,
  // toHaveText, toBeVisible), never for time.
  retries: 0,
  // Budgets for a slow day under load, times TEST_TIME_SCALE (apps/api/src/test/time-scale.ts; .ci/run sets 2).
  timeout: scaled(90_000),
  expect: { timeout: scaled(15_000) },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "en-AU",
    timezoneId: "Australia/Sydney",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      // On a phone: every page's width (layout.spec.ts), and the flows learners and guardians walk.
      // The instructor, admin and operator journeys and keyboard-only use run on desktop only, where
      // those users work (instructor-admin also changes the seeded data); this keeps CI within budget.
      testIgnore: [
        "**/instructor-admin.spec.ts",
        "**/payouts.spec.ts",
        "**/held-lessons.spec.ts",
        "**/trust.spec.ts",
        "**/scheduling.spec.ts",
        "**/keyboard.spec.ts",
        "**/cancellation-tiers.spec.ts",
      ],
    },
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 900 }, launchOptions: chromium },
      // Learner flows that change the one demo learner's data (a pack result, a saved card, bookings
      // cancelled again) run once, on the phone where learners book; a second run would find them done.
      testIgnore: [
        "**/book-again.spec.ts",
        "**/pass-promise.spec.ts",
        "**/regular-learner.spec.ts",
        "**/time-alerts.spec.ts",
      ],
    },
  ],
  webServer: [
    {
      // A real SMTP receiver: the server's outbox delivers here and the specs read the .eml files.
      command: "node_modules/.bin/tsx e2e/support/mail-sink.ts",
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: scaled(60_000),
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_DIR: MAIL_DIR },
    },
    {
      // The production build on a brand-new embedded database, seeded with the demo data.
      // Lessons in each cancellation tier need times relative to the server's start: seeded just before it.
      command: `rm -rf ${DATA_DIR} && node_modules/.bin/tsx e2e/support/seed-cancellation-tiers.ts ${DATA_DIR} && node apps/api/dist/server.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // Seeding the demo data (its history goes through the use cases) and starting the server.
      timeout: scaled(180_000),
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR,
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "100000",
        AUTH_RATE_LIMIT_MAX: "1000",
        LOGIN_MAX_FAILURES: "1000",
        MAX_HELD_LESSONS: "50",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        OUTBOX_INTERVAL_SECONDS: "1",
        // The scheduled emails' scan (reminders, "mark your lesson", the batched new-messages email) every
        // 5 s rather than every minute: the messages seeded as sent 10 minutes ago are emailed within
        // seconds of the start (e2e/messages.spec.ts). What is due is unchanged: a message is still
        // emailed only once it has been unread for 5 minutes.
        NOTIFICATION_SCAN_INTERVAL_SECONDS: "5",
        // The earlier-time alerts' scan every 5 s rather than 15 s: e2e/time-alerts.spec.ts waits for the
        // email a cancellation sets off, and a mail is waited for 20 s (times TEST_TIME_SCALE) at most.
        TIME_ALERT_SCAN_INTERVAL_SECONDS: "5",
        // Every answer the browser gets is held to the OpenAPI document: a mismatch is a 500 the spec sees.
        RESPONSE_CONTRACT: "enforce",
      },
    },
  ],
});
