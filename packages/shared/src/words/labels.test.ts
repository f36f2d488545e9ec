import { describe, expect, it } from "vitest";
import { EMAIL_KINDS, VEHICLE_TYPES } from "../constants.ts";
import { emailKindLabel, emailKindLabels, vehicleTypeLabels } from "./labels.ts";

describe("labels", () => {
  it("names every email kind, each differently", () => {
    expect(Object.keys(emailKindLabels).sort()).toEqual([...EMAIL_KINDS].sort());
    expect(new Set(Object.values(emailKindLabels)).size).toBe(EMAIL_KINDS.length);
  });

  it("shows a kind it does not know as it is, never an inherited property", () => {
    expect(emailKindLabel("booking_confirmed")).toBe("Booking confirmed");
    expect(emailKindLabel("some_future_kind")).toBe("some_future_kind");
    expect(emailKindLabel("toString")).toBe("toString");
  });

  it("words the vehicle types one way", () => {
    expect(VEHICLE_TYPES.map((v) => vehicleTypeLabels[v])).toEqual([
      "Automatic",
      "Manual",
      "Automatic and manual",
    ]);
  });
});
