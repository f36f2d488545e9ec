/**
 * The seeded test app as most API tests start it, so a test file says which app it needs in one line
 * rather than repeating the start-up (the demo users and their password come from db/seed.ts).
 */
import { api } from "./http.ts";
import { createTestApp, type DatabaseKind, type TestApp } from "./test-app.ts";

export type Http = ReturnType<typeof api>;

export interface SeededApp {
  t: TestApp;
  http: Http;
}

/** The app with the demo data, and a client for it. */
export async function startSeededApp(
  kind: DatabaseKind,
  options: { env?: Record<string, string> } = {},
): Promise<SeededApp> {
  const t = await createTestApp(kind, { seed: true, ...options });
  return { t, http: api(t.app) };
}

export interface DemoApp extends SeededApp {
  /** The clock's start: a test that moves the clock puts it back here afterwards. */
  base: Date;
  /** The demo instructor, signed in. */
  demo: { id: string; token: string };
  /** The demo admin's access token. */
  admin: string;
}

/** The seeded app with the demo instructor and admin signed in: the cast of the lesson and money tests. */
export async function startDemoApp(
  kind: DatabaseKind,
  options: { env?: Record<string, string> } = {},
): Promise<DemoApp> {
  const { t, http } = await startSeededApp(kind, options);
  const instructor = await http.login("instructor@demo.test");
  const admin = await http.login("admin@demo.test");
  return {
    t,
    http,
    base: t.clock.now,
    demo: { id: instructor.user.id, token: instructor.accessToken },
    admin: admin.accessToken,
  };
}
