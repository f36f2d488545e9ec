import { paths } from "@/config/paths";

/**
 * A `returnTo` the login page may follow: a path of this app only (never another site: "//evil.test",
 * "/\\evil.test" or "https://…" are refused), and never the login page itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, "http://kerb.invalid");
    if (url.origin !== "http://kerb.invalid" || url.pathname === paths.auth.login()) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
