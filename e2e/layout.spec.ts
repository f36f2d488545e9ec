import { paths } from "@kerb/shared/paths";
import { expect, test } from "@playwright/test";
import { logIn } from "./support/helpers.ts";

// Every signed-in page fits the width it is shown at: a page that scrolls sideways on a phone hides
// its right edge (a price, a button) and makes every other tap a pan. Tables may scroll inside their
// own box; the page itself never does.

const pagesOf = {
  "student@demo.test": [
    paths.student.dashboard(),
    paths.student.book(),
    paths.student.bundles(),
    paths.student.bookings(),
    paths.student.payments(),
    paths.student.account(),
    paths.student.progress(),
    paths.student.messages(),
  ],
  "instructor@demo.test": [
    paths.instructor.dashboard(),
    paths.instructor.availability(),
    paths.instructor.lessons(),
    paths.instructor.earnings(),
    paths.instructor.account(),
    paths.instructor.messages(),
  ],
  "admin@demo.test": [
    paths.admin.root(),
    paths.admin.instructors(),
    paths.admin.compliance(),
    paths.admin.bookings(),
    paths.admin.payments(),
    paths.admin.refunds(),
    paths.admin.payouts(),
    paths.admin.outbox(),
    paths.admin.jobs(),
    paths.admin.revenue(),
    paths.admin.ledger(),
    paths.admin.auditLog(),
    paths.admin.reviews(),
    paths.admin.messages(),
    paths.admin.closureRequests(),
  ],
  // The demo guardian follows the demo student (Sam): their lessons, bundles and payments.
  "guardian@demo.test": [paths.guardian.home(), paths.guardian.account()],
};

for (const [email, pages] of Object.entries(pagesOf)) {
  test(`${email.split("@")[0]}'s pages do not scroll sideways`, async ({ page }) => {
    await logIn(page, email);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const wider = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= width) return [];
        // Name what runs past the edge, skipping what its own scroll box (a table, the tabs) holds.
        const inScrollBox = (el: Element) => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            if (getComputedStyle(p).overflowX !== "visible") return true;
          }
          return false;
        };
        const culprits = [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScrollBox(el))
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
        return culprits.length > 0
          ? culprits
          : [`the page is ${document.documentElement.scrollWidth}px wide`];
      });
      expect(wider, `${path}: these run past the screen's right edge`).toEqual([]);
    }
  });
}
