import { describe, expect, it } from "vitest";
import { auditActionFamilies, auditActionLabels } from "./audit-actions.ts";

describe("audit action words", () => {
  const actions = Object.keys(auditActionLabels);

  it("puts no action in two filter families, and leaves no family empty", () => {
    for (const action of actions) {
      const families = auditActionFamilies.filter((f) => action.startsWith(f.prefix));
      expect(families.length, action).toBeLessThanOrEqual(1);
    }
    for (const family of auditActionFamilies) {
      expect(
        actions.some((a) => a.startsWith(family.prefix)),
        family.prefix,
      ).toBe(true);
    }
  });

  it("gives each action its own words", () => {
    const labels = Object.values(auditActionLabels);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
