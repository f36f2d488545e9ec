/**
 * Build-time configuration. This module is the only reader of `import.meta.env`; everything else
 * imports `env`.
 */
function readBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return value === "true" || value === "1";
}

export const env = {
  /** Same-origin by default: Vite proxies /api in development and the API serves the build in production. */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) || "/api",
  /** The demo accounts exist in every seeded database; a real deployment can hide the hints. */
  showDemoAccounts: readBoolean(import.meta.env.VITE_SHOW_DEMO_ACCOUNTS as string | undefined, true),
  isDev: import.meta.env.DEV,
} as const;
