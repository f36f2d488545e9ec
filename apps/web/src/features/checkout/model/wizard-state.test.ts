import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_DRAFT_KEY, readBookingDraft } from "@/lib/booking-draft";
import { bookingDraftSchema, stateFromDraft } from "./wizard-draft";
import { initialWizardState } from "./wizard-state";

const NOW = Date.parse("2026-11-20T01:00:00Z");
const slot = {
  startTime: "2026-11-23T23:00:00.000Z",
  endTime: "2026-11-24T00:00:00.000Z",
  instructorId: null,
  instructorName: "Auto-assigned pool instructor",
  price: 48.75,
  isPoolHours: true,
};
const checkout = {
  signature: "batch|Parramatta|pool|2026-11-23T23:00:00.000Z",
  startedAt: NOW - 60_000,
  response: {
    payment: {
      id: "d0000000-0000-4000-8000-000000000001",
      invoiceNumber: "KRB-20261120-ABC123",
      subtotal: 48.75,
      gst: 4.88,
      amount: 53.63,
      holdExpiresAt: "2026-11-20T01:30:00.000Z",
    },
  },
};
const assessment = {
  experienceLevel: "some_experience",
  licenseType: "automatic",
  targetDate: "2027-01-15",
  specificSkills: ["Parallel Parking"],
  estimatedLessons: 10,
  language: "Mandarin",
};
const validDraft = {
  timestamp: NOW,
  flow: "multi_select",
  currentStep: "invoice",
  suburb: "Parramatta",
  assessmentData: assessment,
  assessmentStep: 5,
  selectedInstructor: null,
  rateOption: "pool_hours",
  selectedSlots: [slot],
  selectedDate: "2026-11-24",
  bundleSize: null,
  pendingCheckout: checkout,
};

describe("bookingDraftSchema", () => {
  it("reads a complete draft field for field", () => {
    const parsed = bookingDraftSchema.safeParse(validDraft);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      flow: "multi_select",
      invoice: null,
      currentStep: "invoice",
      suburb: "Parramatta",
      assessmentData: assessment,
      assessmentStep: 5,
      selectedInstructor: null,
      rateOption: "pool_hours",
      selectedSlots: [slot],
      selectedDate: "2026-11-24",
      bundleSize: null,
      pendingCheckout: checkout,
      unconfirmed: null,
    });
    expect(stateFromDraft(validDraft)).toEqual(parsed.data);
  });

  it("fails only a value without the draft envelope", () => {
    expect(bookingDraftSchema.safeParse(null).success).toBe(false);
    expect(bookingDraftSchema.safeParse("draft").success).toBe(false);
    expect(bookingDraftSchema.safeParse({ currentStep: "invoice" }).success).toBe(false);
    expect(bookingDraftSchema.safeParse({ timestamp: "yesterday", currentStep: "invoice" }).success).toBe(
      false,
    );
    expect(stateFromDraft({ timestamp: NOW })).toBeNull();
    expect(bookingDraftSchema.safeParse({ timestamp: NOW, currentStep: "flow_selection" }).data).toEqual(
      initialWizardState(),
    );
  });

  it("drops unreadable fields to their empty values instead of failing the draft", () => {
    const parsed = bookingDraftSchema.parse({
      timestamp: NOW,
      currentStep: "slot_selection",
      flow: "bundles",
      suburb: "Atlantis",
      assessmentData: {
        experienceLevel: "EXPERT",
        licenseType: 7,
        targetDate: "next week",
        specificSkills: ["Night Driving", 3, null],
        estimatedLessons: 51,
        language: "   ",
      },
      assessmentStep: 9,
      selectedInstructor: { id: null, firstName: "Nobody", lastName: "Chosen", autoMatch: false },
      rateOption: "cheapest",
      selectedSlots: [slot, { startTime: 1 }, "slot"],
      selectedDate: "24/11/2026",
      bundleSize: "huge",
      pendingCheckout: { ...checkout, response: { payment: { id: "not-a-payment" } } },
    });
    expect(parsed).toEqual({
      ...initialWizardState(),
      currentStep: "slot_selection",
      assessmentData: {
        experienceLevel: null,
        licenseType: null,
        targetDate: null,
        specificSkills: ["Night Driving"],
        estimatedLessons: null,
        language: "English",
      },
      // No usable stored question: the furthest the answers allow.
      assessmentStep: 1,
      selectedSlots: [slot],
    });
  });

  it("accepts answers in the API's upper case and fills rates it cannot read with null", () => {
    const parsed = bookingDraftSchema.parse({
      timestamp: NOW,
      currentStep: "instructor_selection",
      assessmentData: { experienceLevel: "FAILED_TEST", licenseType: "Manual", estimatedLessons: 12 },
      selectedInstructor: {
        id: "c0000000-0000-4000-8000-0000000000aa",
        firstName: "Olivia",
        lastName: "Brown",
        standardRate: "85",
        poolRate: 55.32,
        autoMatch: "yes",
        extra: true,
      },
    });
    expect(parsed.assessmentData).toMatchObject({
      experienceLevel: "failed_test",
      licenseType: "manual",
      estimatedLessons: 12,
    });
    expect(parsed.assessmentStep).toBe(5);
    expect(parsed.selectedInstructor).toEqual({
      id: "c0000000-0000-4000-8000-0000000000aa",
      firstName: "Olivia",
      lastName: "Brown",
      standardRate: null,
      poolRate: 55.32,
      autoMatch: false,
    });
  });

  it("keeps an auto-match choice without an id", () => {
    const auto = { id: null, firstName: "Auto-matched", lastName: "instructor", autoMatch: true };
    expect(
      bookingDraftSchema.parse({ timestamp: NOW, currentStep: "invoice", selectedInstructor: auto })
        .selectedInstructor,
    ).toEqual({ ...auto, standardRate: null, poolRate: null });
  });

  it.each([
    ["review_bundle", "invoice"],
    ["payment", "invoice"],
    ["bogus", "bogus"],
  ])("reads the step %s as %s, keeping unknown names for the page to report", (stored, step) => {
    expect(bookingDraftSchema.parse({ timestamp: NOW, currentStep: stored }).currentStep).toBe(step);
    expect(stateFromDraft({ ...validDraft, currentStep: stored })?.currentStep).toBe(step);
  });

  it("falls back to the first step that still needs an answer", () => {
    expect(
      stateFromDraft({ ...validDraft, assessmentData: { experienceLevel: "never_driven" } }),
    ).toMatchObject({ currentStep: "assessment", assessmentStep: 2 });
    expect(stateFromDraft({ ...validDraft, selectedSlots: [] })).toMatchObject({
      currentStep: "slot_selection",
    });
  });
});

describe("reading the stored draft", () => {
  beforeEach(() => window.localStorage.clear());
  const store = (value: unknown) => window.localStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(value));

  it("gives back a draft younger than 2 hours and rebuilds the wizard from it", () => {
    store({ ...validDraft, timestamp: NOW - 119 * 60_000 });
    const draft = readBookingDraft(NOW);
    expect(draft?.timestamp).toBe(NOW - 119 * 60_000);
    expect(stateFromDraft(draft)).toMatchObject({ currentStep: "invoice", selectedSlots: [slot] });
  });

  it("removes an expired draft", () => {
    store({ ...validDraft, timestamp: NOW - 121 * 60_000 });
    expect(readBookingDraft(NOW)).toBeNull();
    expect(window.localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
  });

  it("removes a draft without its envelope", () => {
    store({ ...validDraft, timestamp: undefined });
    expect(readBookingDraft(NOW)).toBeNull();
    expect(window.localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
  });
});
