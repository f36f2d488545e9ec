import { describe, expect, it } from "vitest";
import { formatSydneyTime, sydneyZoneName } from "./sydney-time.ts";
import { testCentreDrive } from "./test-centres.ts";
import { planTestPack, testPackBlockMinutes, testPackBookableFrom } from "./test-pack-plan.ts";

describe("planTestPack", () => {
  // Penrith → St Marys is 15 minutes each way by the travel rule.
  it("works the pick-up back from a 10:30 test: margin, drive, warm-up", () => {
    expect(testCentreDrive("Penrith", "st-marys").toCentreMinutes).toBe(15);
    const plan = planTestPack({
      testAt: new Date("2026-11-10T10:30:00+11:00"),
      pickup: "Penrith",
      centreId: "st-marys",
      includesWarmUp: true,
    });
    expect(plan.pickupAt.toISOString()).toBe(new Date("2026-11-10T09:00:00+11:00").toISOString());
    expect(plan.warmUp?.start.toISOString()).toBe(plan.pickupAt.toISOString());
    expect(plan.warmUp?.end.toISOString()).toBe(new Date("2026-11-10T10:00:00+11:00").toISOString());
    expect(plan.arriveBy.toISOString()).toBe(new Date("2026-11-10T10:15:00+11:00").toISOString());
    expect(plan.test.start.toISOString()).toBe(new Date("2026-11-10T10:30:00+11:00").toISOString());
    expect(plan.test.end.toISOString()).toBe(new Date("2026-11-10T11:30:00+11:00").toISOString());
    expect(plan.dropOffAt.toISOString()).toBe(new Date("2026-11-10T11:45:00+11:00").toISOString());
    expect(testPackBlockMinutes(plan)).toBe(165);
  });

  it("without a warm-up the pick-up is only the drive and the margin before the test", () => {
    const plan = planTestPack({
      testAt: new Date("2026-11-10T10:30:00+11:00"),
      pickup: "Penrith",
      centreId: "st-marys",
      includesWarmUp: false,
    });
    expect(plan.warmUp).toBeNull();
    expect(formatSydneyTime(plan.pickupAt)).toBe("10:00 am");
    expect(testPackBlockMinutes(plan)).toBe(105);
  });

  it("counts real minutes across the daylight-saving start: the wall clock skips 2–3 am", () => {
    // Sunday 4 October 2026: at 2:00 am AEST the clocks go to 3:00 am AEDT.
    const plan = planTestPack({
      testAt: new Date("2026-10-04T03:30:00+11:00"),
      pickup: "Penrith",
      centreId: "st-marys",
      includesWarmUp: true,
    });
    // 90 real minutes before 3:30 am AEDT is 1:00 am AEST, which the wall clock shows 150 minutes earlier.
    expect(plan.pickupAt.toISOString()).toBe("2026-10-03T15:00:00.000Z");
    expect(formatSydneyTime(plan.pickupAt)).toBe("1:00 am");
    expect(sydneyZoneName(plan.pickupAt)).toBe("AEST");
    expect(sydneyZoneName(plan.test.start)).toBe("AEDT");
    expect(testPackBlockMinutes(plan)).toBe(165);
  });

  it("counts real minutes across the daylight-saving end: the wall clock repeats 2–3 am", () => {
    // Sunday 4 April 2027: at 3:00 am AEDT the clocks go back to 2:00 am AEST.
    const plan = planTestPack({
      testAt: new Date("2027-04-04T03:00:00+10:00"),
      pickup: "Penrith",
      centreId: "st-marys",
      includesWarmUp: true,
    });
    // 90 real minutes before 3:00 am AEST is the first 2:30 am of the night (AEDT): 30 wall minutes.
    expect(plan.pickupAt.toISOString()).toBe("2027-04-03T15:30:00.000Z");
    expect(formatSydneyTime(plan.pickupAt)).toBe("2:30 am AEDT");
    expect(testPackBlockMinutes(plan)).toBe(165);
  });
});

describe("testPackBookableFrom", () => {
  it("opens a pack 30 days before the test's Sydney date, whatever the hour in UTC", () => {
    // 08:00 on 10/02/2027 in Sydney is still 9 February in UTC.
    expect(testPackBookableFrom(new Date("2027-02-09T21:00:00Z"))).toBe("2027-01-11");
    expect(testPackBookableFrom(new Date("2027-02-10T12:00:00Z"))).toBe("2027-01-11");
  });
});
