import { expect, type Locator, type Page, test } from "@playwright/test";

/** Presses Tab until `target` has focus: proves it is reachable by keyboard, in a sensible number of stops. */
async function tabTo(page: Page, target: Locator, maxStops = 40) {
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
  }
  throw new Error(`could not reach ${target} with the Tab key`);
}

test("a student can sign in and start booking with the keyboard alone", async ({ page }) => {
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type("student@demo.test");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("demo1234");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/student\/dashboard/);

  await page.goto("/student/book");
  await tabTo(page, page.getByRole("button", { name: "Multi-Select Booking" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Where would you like your lessons?" })).toBeVisible();
  await tabTo(page, page.getByLabel("Search suburbs"));
  await page.keyboard.type("Bon");
  await tabTo(page, page.getByRole("radio", { name: "Bondi" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Bondi" })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Continue", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Tell us about your driving" })).toBeVisible();
});

test("focus is always visible on the login form", async ({ page }) => {
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  const outline = await page.getByLabel("Email").evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(outline.outline !== "none" || outline.shadow !== "none").toBe(true);
});
