import type { AdminJob } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    name: "hold-sweep",
    description: "Releases lessons held for a checkout that was never paid",
    intervalSeconds: 60,
    lastRun: null,
    queue: null,
    ...overrides,
  };
}

describe("Admin console: jobs", () => {
  it("lists each job with its interval, last run, failures and, for the queues, what they hold", async () => {
    const delivery = job({
      name: "outbox-delivery",
      description: "Sends due emails from the outbox",
      intervalSeconds: 5,
      lastRun: {
        startedAt: "2026-05-01T01:00:00.000Z",
        finishedAt: "2026-05-01T01:00:01.000Z",
        outcome: "ok",
        error: null,
        lastSucceededAt: "2026-05-01T01:00:01.000Z",
        failures: 0,
      },
      queue: { depth: 4, failing: 2, failed: 1 },
    });
    const scan = job({
      name: "compliance-scan",
      intervalSeconds: 900,
      lastRun: {
        startedAt: "2026-05-01T01:00:00.000Z",
        finishedAt: "2026-05-01T01:00:02.000Z",
        outcome: "failed",
        error: "the register did not answer",
        lastSucceededAt: null,
        failures: 3,
      },
    });
    const payouts = job({ name: "payout-run", intervalSeconds: 0 });
    const { callsTo } = mockFetch({
      "GET /api/admin/jobs": jsonResponse(200, { items: [delivery, scan, payouts] }),
    });
    renderApp("/admin/jobs", signedIn);

    const table = await screen.findByRole("table", { name: "Background jobs" });
    const [, sending, scanning, paying] = within(table).getAllByRole("row");
    expect(sending).toHaveTextContent("outbox-delivery");
    expect(sending).toHaveTextContent("Every 5 s");
    expect(sending).toHaveTextContent("OK");
    expect(sending).toHaveTextContent("4 waiting");
    expect(sending).toHaveTextContent("2 retrying after a failure");
    expect(sending).toHaveTextContent("1 given up");
    expect(scanning).toHaveTextContent("Every 15 min");
    expect(scanning).toHaveTextContent("Failed");
    expect(scanning).toHaveTextContent("the register did not answer");
    expect(paying).toHaveTextContent("Off");
    expect(paying).toHaveTextContent("Not run yet");
    expect(callsTo("GET", "/api/admin/jobs")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Jobs" })).toHaveAttribute("aria-current", "page");
  });
});
