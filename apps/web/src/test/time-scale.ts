/**
 * Every time budget of the web tests, from one setting: TEST_TIME_SCALE (default 1) multiplies each base
 * figure below. vitest.config.ts reads it for Vitest's own timeouts, src/test/setup.ts for Testing
 * Library's findBy and waitFor; a slower machine (CI sets it larger) raises them all together.
 *
 * The base figures are generous on purpose, for a load average of 10 and more on two cores: there (the
 * whole suite at a load average of 12) the slowest single test, a week of hours edited and saved, took
 * 15 s, and every wait ended within 10 s. A test that needs more is a real failure, not a slow machine.
 */
const BASE_BUDGET_MS = {
  /** One test, all its steps together (Vitest's testTimeout; its default is 5 s). */
  test: 60_000,
  /** One beforeAll/afterEach hook (Vitest's hookTimeout; its default is 10 s). */
  hook: 30_000,
  /** One findBy or waitFor (Testing Library's asyncUtilTimeout; its default is 1 s). */
  asyncUtil: 15_000,
};

/** TEST_TIME_SCALE as a positive number; anything else stops the run rather than guess. */
function readTimeScale(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(
      `TEST_TIME_SCALE must be a positive number (a multiplier such as 2 or 1.5), not "${raw}"`,
    );
  }
  return scale;
}

const scale = readTimeScale(globalThis.process?.env.TEST_TIME_SCALE);

/** Each budget in ms: its base figure × TEST_TIME_SCALE. */
export const testBudget = {
  test: Math.round(BASE_BUDGET_MS.test * scale),
  hook: Math.round(BASE_BUDGET_MS.hook * scale),
  asyncUtil: Math.round(BASE_BUDGET_MS.asyncUtil * scale),
};
