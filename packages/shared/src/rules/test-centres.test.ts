import { describe, expect, it } from "vitest";
import { SUBURBS } from "../constants.ts";
import {
  findTestCentre,
  isTestCentreId,
  TEST_CENTRES,
  testCentreDrive,
  testCentresByDrive,
} from "./test-centres.ts";
import { driveMinutesBetween, SUBURB_CENTRES, travelMinutes } from "./travel.ts";

describe("TEST_CENTRES", () => {
  it("has unique kebab-case ids and NSW postcodes in each address", () => {
    const ids = TEST_CENTRES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const centre of TEST_CENTRES) {
      expect(centre.id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(centre.postcode).toMatch(/^2\d{3}$/);
      expect(centre.address).toContain(`NSW ${centre.postcode}`);
      // Greater Sydney: a typo in a coordinate would put a centre in the sea or another state.
      expect(centre.location.lat).toBeGreaterThan(-34.2);
      expect(centre.location.lat).toBeLessThan(-33.5);
      expect(centre.location.lng).toBeGreaterThan(150.5);
      expect(centre.location.lng).toBeLessThan(151.35);
    }
  });

  it("gives every suburb we serve a centre within half an hour", () => {
    for (const suburb of SUBURBS) {
      const [nearest] = testCentresByDrive(suburb);
      expect(nearest?.minutes, suburb).toBeLessThanOrEqual(30);
    }
  });

  it("finds a centre by id and knows the ids", () => {
    expect(findTestCentre("st-marys")?.address).toBe("75–105 Mamre Road, St Marys NSW 2760");
    expect(findTestCentre("atlantis")).toBeNull();
    expect(isTestCentreId("miranda")).toBe(true);
    expect(isTestCentreId("Miranda")).toBe(false);
  });
});

describe("testCentreDrive", () => {
  it("drives there and back by the travel rule, in 5-minute steps", () => {
    const drive = testCentreDrive("Sutherland", "miranda");
    const miranda = TEST_CENTRES.find((c) => c.id === "miranda");
    if (!miranda) throw new Error("Miranda is a test centre");
    const oneWay = driveMinutesBetween(SUBURB_CENTRES.Sutherland, miranda.location);
    expect(drive).toEqual({ toCentreMinutes: oneWay, fromCentreMinutes: oneWay, totalMinutes: 2 * oneWay });
    expect(oneWay % 5).toBe(0);
  });

  it("uses the same rule as suburb to suburb: a centre at a suburb's centre is that suburb's drive", () => {
    // Blacktown's centre sits on Blacktown's coordinates; from Penrith it is the Penrith → Blacktown drive.
    expect(testCentreDrive("Penrith", "blacktown").toCentreMinutes).toBe(
      travelMinutes("Penrith", "Blacktown"),
    );
    expect(testCentreDrive("Bondi", "botany")).toMatchObject({ toCentreMinutes: 20 });
  });

  it("is at least one 5-minute step even from the centre's own suburb", () => {
    expect(testCentreDrive("Blacktown", "blacktown")).toEqual({
      toCentreMinutes: 5,
      fromCentreMinutes: 5,
      totalMinutes: 10,
    });
  });

  it("drops off somewhere else when told: each leg is its own drive", () => {
    const drive = testCentreDrive("Penrith", "st-marys", "Parramatta");
    expect(drive.toCentreMinutes).toBe(testCentreDrive("Penrith", "st-marys").toCentreMinutes);
    expect(drive.fromCentreMinutes).toBe(testCentreDrive("Parramatta", "st-marys").toCentreMinutes);
    expect(drive.fromCentreMinutes).toBeGreaterThan(drive.toCentreMinutes);
    expect(drive.totalMinutes).toBe(drive.toCentreMinutes + drive.fromCentreMinutes);
  });
});

describe("testCentresByDrive", () => {
  it("lists every centre, nearest first", () => {
    const list = testCentresByDrive("Manly");
    expect(list).toHaveLength(TEST_CENTRES.length);
    expect(list[0]?.centre.id).toBe("dee-why");
    expect(list.map((e) => e.minutes)).toEqual([...list.map((e) => e.minutes)].sort((a, b) => a - b));
  });
});
