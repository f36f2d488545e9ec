import { describe, expect, it } from "vitest";
import { rankInstructors, recommendationScore, type ScorableInstructor } from "./recommendation.ts";

function instructor(overrides: Partial<ScorableInstructor> = {}): ScorableInstructor {
  return { languages: [], bio: null, rating: null, vehicleType: "MANUAL", ...overrides };
}

describe("recommendationScore", () => {
  it("scores nothing when nothing matches", () => {
    expect(recommendationScore(instructor(), { language: "Arabic", licenseType: "AUTOMATIC" })).toBe(0);
  });

  it("adds 40 for a language match, case-insensitively", () => {
    expect(
      recommendationScore(instructor({ languages: ["Arabic", "English"] }), { language: "arabic" }),
    ).toBe(40);
    expect(recommendationScore(instructor({ languages: ["Mandarin"] }), { language: "Arabic" })).toBe(0);
  });

  it("defaults the language to English", () => {
    const english = instructor({ languages: ["english"] });
    expect(recommendationScore(english, {})).toBe(40);
    expect(recommendationScore(english, { language: null })).toBe(40);
    expect(recommendationScore(english, { language: "  " })).toBe(40);
    expect(recommendationScore(english, { language: "Urdu" })).toBe(0);
  });

  it("adds 25 for a beginner/patient bio only for never-driven students", () => {
    for (const bio of ["Great with beginners.", "A BEGINNER specialist", "Very patient", "Patience is key"]) {
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "never_driven" })).toBe(25);
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "NEVER_DRIVEN" })).toBe(25);
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "some_experience" })).toBe(0);
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "failed_test" })).toBe(0);
    }
  });

  it("matches whole words only", () => {
    expect(
      recommendationScore(instructor({ bio: "Never impatient" }), { experienceLevel: "never_driven" }),
    ).toBe(0);
    expect(
      recommendationScore(instructor({ bio: "Won a contest" }), { experienceLevel: "failed_test" }),
    ).toBe(0);
  });

  it("adds 25 for a test/preparation bio only for failed-test students", () => {
    for (const bio of ["Test day ready", "Pass your tests", "Full PREPARATION", "I prepare you well"]) {
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "failed_test" })).toBe(25);
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "FAILED_TEST" })).toBe(25);
      expect(recommendationScore(instructor({ bio }), { experienceLevel: "never_driven" })).toBe(0);
    }
  });

  it("adds rating × 4, with no rating worth 0", () => {
    expect(recommendationScore(instructor({ rating: 5 }), {})).toBe(20);
    expect(recommendationScore(instructor({ rating: 4.5 }), {})).toBe(18);
    expect(recommendationScore(instructor({ rating: null }), {})).toBe(0);
  });

  it("adds 15 when the vehicle suits the licence type", () => {
    const score = (vehicleType: ScorableInstructor["vehicleType"], licenseType: string | null) =>
      recommendationScore(instructor({ vehicleType }), { licenseType });
    expect(score("AUTOMATIC", "AUTOMATIC")).toBe(15);
    expect(score("AUTOMATIC", "automatic")).toBe(15);
    expect(score("BOTH", "automatic")).toBe(15);
    expect(score("MANUAL", "automatic")).toBe(0);
    expect(score("MANUAL", "MANUAL")).toBe(15);
    expect(score("BOTH", "manual")).toBe(15);
    expect(score("AUTOMATIC", "manual")).toBe(0);
    expect(score("BOTH", null)).toBe(0);
    expect(score("BOTH", "BOTH")).toBe(0);
  });

  it("adds every component together", () => {
    const best = instructor({
      languages: ["English"],
      bio: "Patient with beginners",
      rating: 4.5,
      vehicleType: "BOTH",
    });
    // 40 + 25 + 18 + 15
    expect(recommendationScore(best, { experienceLevel: "never_driven", licenseType: "automatic" })).toBe(98);
  });
});

describe("rankInstructors", () => {
  const list = [
    { id: "c", ...instructor({ rating: 4, languages: ["English"] }) }, // 56
    { id: "a", ...instructor({ rating: 5 }) }, // 20
    { id: "b", ...instructor({ rating: 3, vehicleType: "AUTOMATIC" }) }, // 12 + 15 = 27
    { id: "e", ...instructor({ rating: null, languages: ["English"], vehicleType: "AUTOMATIC" }) }, // 55
    { id: "d", ...instructor({ rating: 5 }) }, // 20
  ];

  it("sorts by score, then rating, then id, and attaches the score", () => {
    const ranked = rankInstructors(list, { licenseType: "automatic" });
    expect(ranked.map((r) => [r.id, r.score])).toEqual([
      ["c", 56],
      ["e", 55],
      ["b", 27],
      ["a", 20],
      ["d", 20],
    ]);
  });

  it("breaks score ties by rating before id, unrated last", () => {
    const tied = [
      { id: "a", ...instructor({ rating: null, languages: ["English"] }) }, // 40
      { id: "b", ...instructor({ rating: 0 }), languages: ["English"] }, // 40
    ];
    expect(rankInstructors(tied, {}).map((r) => r.id)).toEqual(["b", "a"]);
  });

  it("keeps extra fields and does not mutate the input", () => {
    const input = [
      { id: "x", name: "Xena", ...instructor({ rating: 1 }) },
      { id: "y", name: "Yuri", ...instructor({ rating: 2 }) },
    ];
    const ranked = rankInstructors(input, {});
    expect(ranked[0]).toMatchObject({ id: "y", name: "Yuri", score: 8 });
    expect(input.map((i) => i.id)).toEqual(["x", "y"]);
    expect("score" in (input[0] ?? {})).toBe(false);
  });

  it("returns an empty list for no instructors", () => {
    expect(rankInstructors([], {})).toEqual([]);
  });
});
