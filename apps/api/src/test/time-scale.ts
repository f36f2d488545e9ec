/**
 * One setting for every test time budget: TEST_TIME_SCALE (default 1; .ci/run sets 2) multiplies each
 * timeout and wait budget of the API's Vitest configs and tests, the cluster tests and Playwright
 * (playwright.config.ts, e2e/support). The machines here differ several times in speed from day to day
 * and are shared, so each base figure is sized for a slow day under load, not a quiet fast one; the
 * scale is for slower still (a loaded CI runner). A budget only bounds how long a hung test waits
 * before it fails: a larger one never makes a passing test slower.
 *
 * Scale budgets only. A bound a test asserts about the product (a request timed out within 12 s) is
 * what the product promises and stays as it is.
 *
 * No imports, and no `vitest`: the Vitest and Playwright configs and the e2e helpers load it too.
 */

function readScale(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`TEST_TIME_SCALE must be a positive number: ${raw}`);
  return scale;
}

export const TIME_SCALE = readScale(process.env.TEST_TIME_SCALE);

/** `ms` (a budget sized for a slow day under load) times TEST_TIME_SCALE. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
