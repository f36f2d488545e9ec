/**
 * Times are written as Sydney wall times with their offset (+10:00 AEST, +11:00 AEDT). Sunrise and
 * sunset are suncalc's for the suburb's centre, to the second in the comments, then rounded to the
 * minute as the rule does; they agree with published Sydney tables to about a minute.
 */
import { describe, expect, it } from "vitest";
import {
  ageOn,
  LESSON_BONUS_CAP_HOURS,
  LESSON_MULTIPLIER,
  LOGBOOK_REQUIRED_HOURS,
  LOGBOOK_REQUIRED_NIGHT_HOURS,
  LOGBOOK_RULES,
  logbookHoursOfLesson,
  logbookTotals,
  SAFER_DRIVERS_COURSE_HOURS,
  sunriseSunset,
} from "./logbook.ts";

const lesson = (start: string, end: string, suburb = "Sydney CBD") => ({
  start: new Date(start),
  end: new Date(end),
  suburb,
  confirmed: true,
});
/** A 60-minute daytime lesson (10:00 AEDT, sun up 06:50–19:20) on day `day` of March 2026. */
const marchMorning = (day: number) => {
  const d = String(day).padStart(2, "0");
  return lesson(`2026-03-${d}T10:00:00+11:00`, `2026-03-${d}T11:00:00+11:00`);
};
const AS_OF = new Date("2026-12-31T00:00:00Z");

describe("constants", () => {
  it("are NSW's: 120 h with 20 at night; lessons ×3 for the first 10 h", () => {
    expect([LOGBOOK_REQUIRED_HOURS, LOGBOOK_REQUIRED_NIGHT_HOURS]).toEqual([120, 20]);
    expect([LESSON_BONUS_CAP_HOURS, LESSON_MULTIPLIER]).toEqual([10, 3]);
  });
});

describe("the rules in Transport for NSW's terms", () => {
  // Transport for NSW, "Learner driver log book": under 25, at least 120 hours of supervised driving
  // including 20 at night; each 1-hour structured lesson with a licensed driving instructor is recorded
  // as 3 hours, for a maximum of 10 hours of lessons (30 log book hours). "Safer Drivers Course":
  // completing it gives 20 log book hours, and it can be taken once.
  it("says each rule as the learner reads it", () => {
    expect(SAFER_DRIVERS_COURSE_HOURS).toBe(20);
    expect(LOGBOOK_RULES).toEqual({
      REQUIREMENT:
        "Learners under 25 must log at least 120 hours of supervised driving, 20 of them at night, before the driving test.",
      THREE_FOR_ONE:
        "Each hour of a structured lesson with a licensed driving instructor counts as 3 hours, for the first 10 hours of lessons (30 logbook hours), with every school together.",
      HOUR_FOR_HOUR:
        "Lesson hours after the first 10 structured hours, and lessons that were not structured, count hour for hour.",
      SAFER_DRIVERS_COURSE: "Completing the Safer Drivers Course adds 20 hours, once.",
      NOT_CONFIRMED: "A lesson counts once its instructor confirms it for the logbook.",
      AGE_LIMIT: "Learners 25 and over need no logbook, so nothing from then on adds hours.",
      NIGHT:
        "Only hours driven between sunset and sunrise count as night: the extra hours of 3-for-1 lessons and the Safer Drivers Course are day hours.",
    });
  });
});

describe("logbookHoursOfLesson and a single lesson's credit", () => {
  it("a day lesson: 60 day minutes, credited 3 × 60 = 180, no night", () => {
    const l = marchMorning(10);
    expect(logbookHoursOfLesson(l)).toEqual({ dayMinutes: 60, nightMinutes: 0 });
    const { lessons, totals } = logbookTotals([l], { asOf: AS_OF });
    expect(lessons[0]).toMatchObject({ bonusMinutes: 60, creditedDayMinutes: 180, creditedNightMinutes: 0 });
    expect(totals).toMatchObject({
      creditedMinutes: 180,
      creditedNightMinutes: 0,
      remainingMinutes: 7200 - 180,
    });
  });

  it("a June evening is all night: 60 night, and the bonus 120 are day minutes", () => {
    // Sunset 15 June 2026 at the CBD: 16:52:57 → 16:53 AEST, before the 18:00 start.
    expect(sunriseSunset("2026-06-15", "Sydney CBD").sunset).toEqual(new Date("2026-06-15T16:53:00+10:00"));
    const l = lesson("2026-06-15T18:00:00+10:00", "2026-06-15T19:00:00+10:00");
    expect(logbookHoursOfLesson(l)).toEqual({ dayMinutes: 0, nightMinutes: 60 });
    const { lessons, totals } = logbookTotals([l], { asOf: AS_OF });
    expect(lessons[0]).toMatchObject({ creditedDayMinutes: 120, creditedNightMinutes: 60 });
    expect(totals).toMatchObject({ creditedMinutes: 180, remainingNightMinutes: 1200 - 60 });
  });

  it("a December evening at the same hour is all day", () => {
    // Sunset 15 December 2026 at the CBD: 20:01:55 → 20:02 AEDT, after the 19:00 end.
    expect(sunriseSunset("2026-12-15", "Sydney CBD").sunset).toEqual(new Date("2026-12-15T20:02:00+11:00"));
    const l = lesson("2026-12-15T18:00:00+11:00", "2026-12-15T19:00:00+11:00");
    expect(logbookHoursOfLesson(l)).toEqual({ dayMinutes: 60, nightMinutes: 0 });
    expect(logbookTotals([l], { asOf: AS_OF }).lessons[0]).toMatchObject({
      creditedDayMinutes: 180,
      creditedNightMinutes: 0,
    });
  });

  it("a lesson across sunset is split at the suburb's sunset minute", () => {
    // Penrith, 10 March 2026: sunset 19:22:24 → 19:22 AEDT. 19:00–20:00 = 22 day + 38 night;
    // credited 38 night and 22 + 2 × 60 = 142 day (180 in all).
    expect(sunriseSunset("2026-03-10", "Penrith").sunset).toEqual(new Date("2026-03-10T19:22:00+11:00"));
    const penrith = lesson("2026-03-10T19:00:00+11:00", "2026-03-10T20:00:00+11:00", "Penrith");
    expect(logbookHoursOfLesson(penrith)).toEqual({ dayMinutes: 22, nightMinutes: 38 });
    expect(logbookTotals([penrith], { asOf: AS_OF }).lessons[0]).toMatchObject({
      creditedDayMinutes: 142,
      creditedNightMinutes: 38,
    });
    // Bondi, 55 km east, sees the sun set two minutes earlier: 19:20:10 → 19:20, so 20 day + 40 night.
    expect(logbookHoursOfLesson({ ...penrith, suburb: "Bondi" })).toEqual({
      dayMinutes: 20,
      nightMinutes: 40,
    });
  });

  it("an unknown suburb uses the Sydney CBD's sunset", () => {
    // 15 June 2026 16:30–17:30 AEST: CBD sunset 16:53 (23 day + 37 night); Penrith 16:55:20 → 16:55 (25 + 35).
    const cbd = lesson("2026-06-15T16:30:00+10:00", "2026-06-15T17:30:00+10:00");
    expect(logbookHoursOfLesson(cbd)).toEqual({ dayMinutes: 23, nightMinutes: 37 });
    expect(logbookHoursOfLesson({ ...cbd, suburb: "Penrith" })).toEqual({ dayMinutes: 25, nightMinutes: 35 });
    expect(logbookHoursOfLesson({ ...cbd, suburb: "Atlantis" })).toEqual({
      dayMinutes: 23,
      nightMinutes: 37,
    });
  });

  it("refuses a lesson that ends before it starts", () => {
    expect(() =>
      logbookHoursOfLesson(lesson("2026-03-10T11:00:00+11:00", "2026-03-10T10:00:00+11:00")),
    ).toThrow(RangeError);
  });
});

describe("daylight-saving changeover days (2026)", () => {
  it("first Sunday of October (4th, clocks go 02:00 AEST → 03:00 AEDT): that Sydney day's sunrise and sunset", () => {
    // 06:00–07:00 AEDT on the 4th is 19:00–20:00 UTC on the 3rd: the Sydney date (4th) picks the
    // sunrise, 06:28:46 → 06:29 AEDT, so 29 night + 31 day. (The 3rd's sunrise, 05:30 AEST, would make
    // it all day; sunrise "moved" an hour with the clocks.)
    const morning = lesson("2026-10-04T06:00:00+11:00", "2026-10-04T07:00:00+11:00");
    expect(morning.start.toISOString()).toBe("2026-10-03T19:00:00.000Z");
    expect(sunriseSunset("2026-10-04", "Sydney CBD")).toEqual({
      sunrise: new Date("2026-10-04T06:29:00+11:00"),
      sunset: new Date("2026-10-04T19:00:00+11:00"), // 18:59:48 → 19:00 AEDT
    });
    expect(logbookHoursOfLesson(morning)).toEqual({ dayMinutes: 31, nightMinutes: 29 });
    // 18:30–19:30 AEDT: 30 day + 30 night around the 19:00 sunset (the 3rd's was 17:59 AEST).
    const evening = lesson("2026-10-04T18:30:00+11:00", "2026-10-04T19:30:00+11:00");
    expect(logbookHoursOfLesson(evening)).toEqual({ dayMinutes: 30, nightMinutes: 30 });
  });

  it("first Sunday of April (5th, clocks go 03:00 AEDT → 02:00 AEST): that Sydney day's sunrise and sunset", () => {
    // 06:00–07:00 AEST on the 5th is 20:00–21:00 UTC on the 4th; sunrise 06:10:01 → 06:10 AEST:
    // 10 night + 50 day.
    const morning = lesson("2026-04-05T06:00:00+10:00", "2026-04-05T07:00:00+10:00");
    expect(morning.start.toISOString()).toBe("2026-04-04T20:00:00.000Z");
    expect(sunriseSunset("2026-04-05", "Sydney CBD")).toEqual({
      sunrise: new Date("2026-04-05T06:10:00+10:00"),
      sunset: new Date("2026-04-05T17:45:00+10:00"), // 17:45:27 → 17:45 AEST
    });
    expect(logbookHoursOfLesson(morning)).toEqual({ dayMinutes: 50, nightMinutes: 10 });
    // 17:15–18:15 AEST: 30 day + 30 night around the 17:45 sunset (the 4th's was 18:46 AEDT).
    const evening = lesson("2026-04-05T17:15:00+10:00", "2026-04-05T18:15:00+10:00");
    expect(logbookHoursOfLesson(evening)).toEqual({ dayMinutes: 30, nightMinutes: 30 });
    // Minutes are real minutes: 01:30 AEDT → 02:30 AEST spans the repeated hour, 120 minutes, all night.
    const overnight = lesson("2026-04-05T01:30:00+11:00", "2026-04-05T02:30:00+10:00");
    expect(logbookHoursOfLesson(overnight)).toEqual({ dayMinutes: 0, nightMinutes: 120 });
  });
});

describe("logbookTotals: the 10-hour bonus cap", () => {
  it("the 11th hour of lessons counts once: 10 × 3 h + 1 h = 31 h", () => {
    const lessons = Array.from({ length: 11 }, (_, i) => marchMorning(i + 1));
    const result = logbookTotals(lessons, { asOf: AS_OF });
    expect(result.lessons[9]).toMatchObject({ bonusMinutes: 60, creditedDayMinutes: 180 });
    expect(result.lessons[10]).toMatchObject({ bonusMinutes: 0, creditedDayMinutes: 60 });
    expect(result.totals).toEqual({
      lessonMinutes: 660,
      lessonNightMinutes: 0,
      creditedMinutes: 31 * 60, // 1860
      creditedNightMinutes: 0,
      remainingMinutes: 120 * 60 - 1860, // 5340
      remainingNightMinutes: 1200,
      bonusMinutesLeft: 0,
      under25: true,
      ageUnknown: true,
      outsideLessonMinutes: 0,
      lines: [
        { rule: "THREE_FOR_ONE", drivenMinutes: 600, creditedMinutes: 1800 },
        { rule: "HOUR_FOR_HOUR", drivenMinutes: 60, creditedMinutes: 60 },
      ],
    });
  });

  it("a 90-minute lesson across the 10-hour mark: its first 60 minutes ×3, the last 30 once; night counts once", () => {
    // Nine day hours use 540 of the 600 bonus minutes. Then 15 June 16:30–18:00 AEST at the CBD
    // (sunset 16:53): 23 day + 67 night, 60 of its minutes within the bonus. Night is credited as it
    // was driven, 67; day is 23 + 2 × 60 = 143. In all 210 = 60 × 3 + 30, whichever minutes were bonus.
    const lessons = [
      ...Array.from({ length: 9 }, (_, i) => marchMorning(i + 1)),
      lesson("2026-06-15T16:30:00+10:00", "2026-06-15T18:00:00+10:00"),
    ];
    const result = logbookTotals(lessons, { asOf: AS_OF });
    expect(result.lessons[9]).toMatchObject({
      dayMinutes: 23,
      nightMinutes: 67,
      bonusMinutes: 60,
      creditedDayMinutes: 143,
      creditedNightMinutes: 67,
    });
    expect(result.totals).toMatchObject({
      creditedMinutes: 9 * 180 + 210, // 1830
      creditedNightMinutes: 67,
      remainingNightMinutes: 1200 - 67, // 1133
      bonusMinutesLeft: 0,
    });
  });

  it("credits lessons in order of start whatever order they come in", () => {
    const lessons = Array.from({ length: 11 }, (_, i) => marchMorning(11 - i)); // 11 March first
    const result = logbookTotals(lessons, { asOf: AS_OF });
    expect(result.lessons.map((c) => c.lesson)).toEqual([...lessons].reverse());
    expect(result.lessons[10]).toMatchObject({ bonusMinutes: 0, creditedDayMinutes: 60 }); // 11 March
  });
});

describe("logbookTotals: age", () => {
  it("a learner 25 on the lesson's Sydney date gets nothing credited, but the minutes are reported", () => {
    // Born 15 June 2001. 08:00 AEST on 15 June 2026 is still the 14th in UTC; the Sydney date counts.
    const l = lesson("2026-06-15T08:00:00+10:00", "2026-06-15T09:00:00+10:00");
    const result = logbookTotals([l], { dateOfBirth: "2001-06-15", asOf: l.end });
    expect(result.lessons[0]).toEqual({
      lesson: l,
      dayMinutes: 60,
      nightMinutes: 0,
      bonusMinutes: 0,
      creditedDayMinutes: 0,
      creditedNightMinutes: 0,
      rule: "AGE_LIMIT",
    });
    expect(result.totals).toEqual({
      lessonMinutes: 60,
      lessonNightMinutes: 0,
      creditedMinutes: 0,
      creditedNightMinutes: 0,
      remainingMinutes: 0,
      remainingNightMinutes: 0,
      bonusMinutesLeft: 0,
      under25: false,
      ageUnknown: false,
      outsideLessonMinutes: 0,
      lines: [{ rule: "AGE_LIMIT", drivenMinutes: 60, creditedMinutes: 0 }],
    });
  });

  it("a learner turning 25 between lessons keeps what was credited before, and then needs nothing more", () => {
    // Born 10 June 2001: 24 on 9 June 2026 (credited 180), 25 on 15 June (credited 0).
    const before = marchMorning(9);
    const after = lesson("2026-06-15T18:00:00+10:00", "2026-06-15T19:00:00+10:00");
    const dateOfBirth = "2001-06-10";
    const result = logbookTotals([before, after], { dateOfBirth, asOf: after.end });
    expect(result.lessons.map((c) => c.creditedDayMinutes + c.creditedNightMinutes)).toEqual([180, 0]);
    expect(result.lessons[1]).toMatchObject({ nightMinutes: 60, bonusMinutes: 0 });
    expect(result.totals).toMatchObject({
      lessonMinutes: 120,
      lessonNightMinutes: 60,
      creditedMinutes: 180,
      remainingMinutes: 0,
      bonusMinutesLeft: 0,
      under25: false,
    });
    // Asked on the eve of the birthday, the logbook was still needed.
    const eve = logbookTotals([before], { dateOfBirth, asOf: new Date("2026-06-09T12:00:00+10:00") });
    expect(eve.totals).toMatchObject({ remainingMinutes: 7200 - 180, bonusMinutesLeft: 540, under25: true });
  });

  it("an unknown date of birth is treated as under 25 and flagged", () => {
    const { totals } = logbookTotals([marchMorning(10)], { dateOfBirth: null, asOf: AS_OF });
    expect(totals).toMatchObject({ creditedMinutes: 180, under25: true, ageUnknown: true });
  });

  it("ageOn counts whole years; a 29 February birthday arrives on 1 March in a common year", () => {
    expect(ageOn("2001-06-15", "2026-06-14")).toBe(24);
    expect(ageOn("2001-06-15", "2026-06-15")).toBe(25);
    expect(ageOn("2004-02-29", "2029-02-28")).toBe(24);
    expect(ageOn("2004-02-29", "2029-03-01")).toBe(25);
    expect(() => ageOn("2004-02-30", "2029-03-01")).toThrow(RangeError);
  });
});

describe("logbookTotals: only confirmed lessons count", () => {
  it("a lesson its instructor has not confirmed is reported, credits nothing and uses none of the bonus", () => {
    const unconfirmed = { ...marchMorning(1), confirmed: false };
    const lessons = [unconfirmed, ...Array.from({ length: 10 }, (_, i) => marchMorning(i + 2))];
    const result = logbookTotals(lessons, { asOf: AS_OF });
    expect(result.lessons[0]).toMatchObject({
      dayMinutes: 60,
      bonusMinutes: 0,
      creditedDayMinutes: 0,
      rule: "NOT_CONFIRMED",
    });
    // The ten confirmed hours after it all earn the bonus.
    expect(result.lessons.slice(1).every((c) => c.bonusMinutes === 60)).toBe(true);
    expect(result.totals).toMatchObject({
      lessonMinutes: 660,
      creditedMinutes: 1800,
      lines: [
        { rule: "THREE_FOR_ONE", drivenMinutes: 600, creditedMinutes: 1800 },
        { rule: "NOT_CONFIRMED", drivenMinutes: 60, creditedMinutes: 0 },
      ],
    });
  });
});

describe("logbookTotals: lessons declared from other schools", () => {
  const outside = (date: string, minutes: number, structured = true) => ({ date, minutes, structured });

  it("the logbook applies the 10-hour cap across declared outside lessons", () => {
    // 8 structured hours elsewhere in February leave 2 bonus hours for our three March lessons.
    const declared = [outside("2026-02-02", 300), outside("2026-02-09", 180)];
    const ours = [marchMorning(1), marchMorning(2), marchMorning(3)];
    const result = logbookTotals(ours, { asOf: AS_OF, outsideLessons: declared });
    expect(result.outsideLessons.map((c) => [c.bonusMinutes, c.creditedDayMinutes, c.rule])).toEqual([
      [300, 900, "THREE_FOR_ONE"],
      [180, 540, "THREE_FOR_ONE"],
    ]);
    expect(result.lessons.map((c) => [c.bonusMinutes, c.creditedDayMinutes, c.rule])).toEqual([
      [60, 180, "THREE_FOR_ONE"],
      [60, 180, "THREE_FOR_ONE"],
      [0, 60, "HOUR_FOR_HOUR"],
    ]);
    expect(result.totals).toMatchObject({
      lessonMinutes: 180,
      outsideLessonMinutes: 480,
      creditedMinutes: 30 * 60 + 60,
      bonusMinutesLeft: 0,
      lines: [
        { rule: "THREE_FOR_ONE", drivenMinutes: 600, creditedMinutes: 1800 },
        { rule: "HOUR_FOR_HOUR", drivenMinutes: 60, creditedMinutes: 60 },
      ],
    });
  });

  it("credits in order of time: our earlier lessons take the bonus first, a declared lesson crossing the mark is split", () => {
    const ours = Array.from({ length: 9 }, (_, i) => marchMorning(i + 1));
    const result = logbookTotals(ours, { asOf: AS_OF, outsideLessons: [outside("2026-04-01", 120)] });
    expect(result.outsideLessons[0]).toMatchObject({ bonusMinutes: 60, creditedDayMinutes: 60 * 3 + 60 });
    expect(result.totals.creditedMinutes).toBe(30 * 60 + 60);
  });

  it("on one date, a declared lesson comes before ours", () => {
    const ours = Array.from({ length: 10 }, (_, i) => marchMorning(i + 1));
    const result = logbookTotals(ours, { asOf: AS_OF, outsideLessons: [outside("2026-03-10", 60)] });
    expect(result.outsideLessons[0]).toMatchObject({ bonusMinutes: 60 });
    expect(result.lessons[9]).toMatchObject({ bonusMinutes: 0, rule: "HOUR_FOR_HOUR" });
  });

  it("a lesson that was not structured counts hour for hour and leaves the bonus alone", () => {
    const result = logbookTotals([marchMorning(5)], {
      asOf: AS_OF,
      outsideLessons: [outside("2026-03-01", 90, false)],
    });
    expect(result.outsideLessons[0]).toMatchObject({
      bonusMinutes: 0,
      creditedDayMinutes: 90,
      rule: "HOUR_FOR_HOUR",
    });
    expect(result.lessons[0]).toMatchObject({ bonusMinutes: 60 });
    expect(result.totals).toMatchObject({
      creditedMinutes: 270,
      creditedNightMinutes: 0,
      bonusMinutesLeft: 540,
    });
  });

  it("declared lessons after the learner turns 25 credit nothing", () => {
    const result = logbookTotals([], {
      dateOfBirth: "2001-03-01",
      asOf: AS_OF,
      outsideLessons: [outside("2026-02-28", 60), outside("2026-03-01", 60)],
    });
    expect(result.outsideLessons.map((c) => [c.creditedDayMinutes, c.rule])).toEqual([
      [180, "THREE_FOR_ONE"],
      [0, "AGE_LIMIT"],
    ]);
  });

  it("refuses a declared lesson with an invalid date or minutes", () => {
    expect(() => logbookTotals([], { asOf: AS_OF, outsideLessons: [outside("2026-02-30", 60)] })).toThrow(
      RangeError,
    );
    expect(() => logbookTotals([], { asOf: AS_OF, outsideLessons: [outside("2026-02-03", -60)] })).toThrow(
      RangeError,
    );
  });
});

describe("logbookTotals: the Safer Drivers Course", () => {
  it("adds 20 day hours", () => {
    const result = logbookTotals([], { asOf: AS_OF, saferDriversCourse: { completedOn: "2026-05-01" } });
    expect(result.saferDriversCourse).toEqual({
      completedOn: "2026-05-01",
      creditedMinutes: SAFER_DRIVERS_COURSE_HOURS * 60,
      rule: "SAFER_DRIVERS_COURSE",
    });
    expect(result.totals).toMatchObject({
      creditedMinutes: 1200,
      creditedNightMinutes: 0,
      remainingMinutes: 7200 - 1200,
      remainingNightMinutes: 1200,
      lines: [{ rule: "SAFER_DRIVERS_COURSE", drivenMinutes: 0, creditedMinutes: 1200 }],
    });
  });

  it("with 10 structured hours, 40 of the 50 hours credited were not driven", () => {
    const lessons = Array.from({ length: 10 }, (_, i) => marchMorning(i + 1));
    const { totals } = logbookTotals(lessons, {
      asOf: AS_OF,
      saferDriversCourse: { completedOn: "2026-05-01" },
    });
    expect(totals.creditedMinutes).toBe(50 * 60);
    expect(totals.creditedMinutes - totals.lessonMinutes).toBe(40 * 60);
    expect(totals.lines.reduce((n, l) => n + l.creditedMinutes, 0)).toBe(totals.creditedMinutes);
  });

  it("completed at 25 or over, it credits nothing", () => {
    const result = logbookTotals([], {
      dateOfBirth: "2001-05-01",
      asOf: AS_OF,
      saferDriversCourse: { completedOn: "2026-05-01" },
    });
    expect(result.saferDriversCourse).toMatchObject({ creditedMinutes: 0, rule: "AGE_LIMIT" });
    expect(result.totals.creditedMinutes).toBe(0);
  });
});
