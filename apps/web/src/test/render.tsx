import type { AuthResponse } from "@kerb/shared";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { setSessionExpiredHandler } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { createQueryClient } from "@/lib/query-client";

/**
 * Every lazy route's page, imported once per test worker before its first test renders (the module cache
 * keeps them across files): no test's findBy then waits for a page's first transform and import.
 */
async function preloadLazyRoutes(list: RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === "function") await route.lazy();
      if (route.children) await preloadLazyRoutes(route.children);
    }),
  );
}

await preloadLazyRoutes(routes);

/**
 * Renders the real route tree at `path` with a fresh query client, optionally signed in. Only fetch is
 * mocked (see fetch-mock.ts).
 */
export function renderApp(
  path: string,
  {
    session,
    advanceTimers,
  }: {
    session?: AuthResponse;
    /** With fake timers: how user-event moves the clock past its own small delays. */
    advanceTimers?: (ms: number) => unknown;
  } = {},
) {
  if (session) authStore.setSession(session);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setSessionExpiredHandler(() => {
    queryClient.clear();
    void router.navigate("/login", { replace: true });
  });
  // user-event's default pause (a timer between actions) gives asynchronous validation its turn, as a
  // person's typing does; without it (delay: null) assertions right after a click could run first.
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user, queryClient };
}
