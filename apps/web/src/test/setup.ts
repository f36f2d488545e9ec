import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { authStore } from "@/lib/auth-store";

// Lazy route chunks load on first use; on a busy CI machine that can take more than the default 1s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout, so React Router's scroll restoration would only log noise about scrollTo.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  authStore.reload();
});
