import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { authStore } from "@/lib/auth-store";

// Lazy route chunks load on first use; on a busy CI machine that can take more than the default 1s.
configure({ asyncUtilTimeout: 10_000 });

// No layout here, so React Router's scroll restoration would only log noise about scrollTo.
window.scrollTo = () => {};
// happy-dom leaves alert out; a browser has it, and tests spy on it to prove the app never uses it.
if (typeof window.alert !== "function") window.alert = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  authStore.reload();
});
