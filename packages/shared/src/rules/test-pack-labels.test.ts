import { describe, expect, it } from "vitest";
import { testPackLineLabel, testPackScheduleLabel } from "./test-pack-labels.ts";

// 10:30 pm on 9 November in UTC is 10 November in Sydney (AEDT): the label dates the test in Sydney.
const testAt = new Date("2026-11-09T23:30:00Z");

describe("testPackLineLabel", () => {
  it("names the centre and the test's Sydney date", () => {
    expect(testPackLineLabel({ centreId: "st-marys", testAt })).toBe(
      "Driving test package — St Marys Driver Testing Centre, 10/11/2026",
    );
  });

  it("keeps a retired centre's id rather than dropping it", () => {
    expect(testPackLineLabel({ centreId: "gone", testAt })).toBe("Driving test package — gone, 10/11/2026");
  });
});

describe("testPackScheduleLabel", () => {
  it("names the centre and the test's Sydney time", () => {
    expect(testPackScheduleLabel({ centreName: "Penrith Service Centre", testAt })).toBe(
      "Test package · Penrith Service Centre · test 10:30 am",
    );
  });
});
