import { vi } from "vitest";

/**
 * jsdom has no object URLs and does not download: this records what the browser would have saved
 * (the link's href and file name) each time the app clicks its download link. The config restores
 * the stubs after each test.
 */
export function recordDownloads(): { href: string; download: string }[] {
  const saved: { href: string; download: string }[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL = () => "blob:kerb/1";
      static override revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return saved;
}
