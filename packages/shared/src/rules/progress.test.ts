import { describe, expect, it } from "vitest";
import { FOCUS_SKILLS, type SkillLevel } from "../constants.ts";
import { type LessonSkills, skillProgress, whatToWorkOnNext } from "./progress.ts";

const record = (start: string, skills: Record<string, SkillLevel>): LessonSkills => ({
  lessonStart: new Date(start),
  skills: Object.entries(skills).map(([skill, level]) => ({ skill, level })),
});

const levelOf = (records: LessonSkills[], skill: string) =>
  skillProgress(records).find((p) => p.skill === skill)?.level;

describe("skillProgress", () => {
  it("lists every spec skill in the spec's order, untouched ones with no level", () => {
    const progress = skillProgress([]);
    expect(progress.map((p) => p.skill)).toEqual([...FOCUS_SKILLS]);
    expect(progress.every((p) => p.level === null && p.lessons === 0 && p.lastPractisedAt === null)).toBe(
      true,
    );
  });

  it("keeps the level of the latest lesson by its date, whatever order the records come in", () => {
    const march = record("2026-03-10T10:00:00+11:00", { Roundabouts: "INTRODUCED" });
    const may = record("2026-05-10T10:00:00+10:00", { Roundabouts: "COMPETENT" });
    const april = record("2026-04-10T10:00:00+10:00", { Roundabouts: "PRACTISING" });
    const roundabouts = skillProgress([may, march, april]).find((p) => p.skill === "Roundabouts");
    expect(roundabouts).toEqual({
      skill: "Roundabouts",
      level: "COMPETENT",
      lastPractisedAt: may.lessonStart,
      lessons: 3,
    });
  });

  it("lets a later lesson record a lower level (the skill slipped)", () => {
    const records = [
      record("2026-03-10T10:00:00+11:00", { "Hill Starts": "COMPETENT" }),
      record("2026-03-17T10:00:00+11:00", { "Hill Starts": "PRACTISING" }),
    ];
    expect(levelOf(records, "Hill Starts")).toBe("PRACTISING");
  });

  it("ignores skills outside the spec's list", () => {
    const progress = skillProgress([record("2026-03-10T10:00:00+11:00", { Drifting: "COMPETENT" })]);
    expect(progress).toHaveLength(FOCUS_SKILLS.length);
    expect(progress.every((p) => p.level === null)).toBe(true);
  });
});

describe("whatToWorkOnNext", () => {
  const records = [
    record("2026-03-10T10:00:00+11:00", {
      "Parallel Parking": "PRACTISING",
      Roundabouts: "INTRODUCED",
      "City Traffic": "COMPETENT",
      "Hill Starts": "COMPETENT",
    }),
    record("2026-03-17T10:00:00+11:00", { "Reverse Parking": "PRACTISING", "Night Driving": "INTRODUCED" }),
  ];

  it("puts focus skills not yet competent first, then skills under way, then untouched ones", () => {
    const next = whatToWorkOnNext(skillProgress(records), [
      "Highway Driving",
      "Parallel Parking",
      "Hill Starts",
    ]);
    expect(next.map((s) => [s.skill, s.reason])).toEqual([
      // Focus: Highway Driving (not started) before Parallel Parking (practising); Hill Starts is done.
      ["Highway Driving", "FOCUS"],
      ["Parallel Parking", "FOCUS"],
      // Under way: introduced before practising, then the spec's order.
      ["Night Driving", "IN_PROGRESS"],
      ["Roundabouts", "IN_PROGRESS"],
      ["Reverse Parking", "IN_PROGRESS"],
      // Untouched.
      ["Test Preparation", "NOT_STARTED"],
    ]);
    expect(next.filter((s) => s.isFocus).map((s) => s.skill)).toEqual([
      "Highway Driving",
      "Parallel Parking",
    ]);
  });

  it("leaves out competent skills, focus or not", () => {
    const next = whatToWorkOnNext(skillProgress(records), ["City Traffic"]);
    expect(next.map((s) => s.skill)).not.toContain("City Traffic");
    expect(next.map((s) => s.skill)).not.toContain("Hill Starts");
  });

  it("with no records and no focus skills, suggests every skill in the spec's order", () => {
    const next = whatToWorkOnNext(skillProgress([]), []);
    expect(next.map((s) => s.skill)).toEqual([...FOCUS_SKILLS]);
    expect(next.every((s) => s.reason === "NOT_STARTED" && !s.isFocus)).toBe(true);
  });

  it("is empty once every skill is competent", () => {
    const all = record(
      "2026-03-10T10:00:00+11:00",
      Object.fromEntries(FOCUS_SKILLS.map((skill) => [skill, "COMPETENT" as const])),
    );
    expect(whatToWorkOnNext(skillProgress([all]), ["Roundabouts"])).toEqual([]);
  });
});
