import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { authStore } from "@/lib/auth-store";
import { testBudget } from "./time-scale";

// findBy and waitFor wait up to this long (Testing Library's default is 1 s): base × TEST_TIME_SCALE.
configure({ asyncUtilTimeout: testBudget.asyncUtil });

// A test in the node environment (src/architecture.test.ts) has no page to set up or clean.
if (typeof window !== "undefined") {
  // jsdom has no layout, so React Router's scroll restoration would only log noise about scrollTo.
  window.scrollTo = () => {};

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    authStore.reload();
  });
}
