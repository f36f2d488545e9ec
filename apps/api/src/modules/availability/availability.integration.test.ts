import { instructorsResponse, SUBURBS, slotsResponse } from "@kerb/shared";
import {
  addDaysToDate,
  eachDateInRange,
  isPoolHourStart,
  poolRateCents,
  rankInstructors,
} from "@kerb/shared/rules";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertBooking, insertInstructor, sydneyAt } from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp, testClockStart } from "../../test/test-app.ts";
import { findOpenSlots, type OpenSlot } from "./open-slots.ts";

// Monday 1 March 2027, 11:00 in Sydney (AEDT): every scenario below is relative to this clock.
const NOW = new Date("2027-03-01T00:00:00Z");
const HOUR = 3_600_000;

type SlotBody = {
  startTime: string;
  endTime: string;
  instructorId: string | null;
  instructorName: string;
  price: number;
  isPoolHours: boolean;
};

describeEachDatabase("availability", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let token: string;
  let studentId: string;
  let demoInstructorId: string;

  const get = (path: string, params: Record<string, string>, as = token) =>
    http.get(`/api/student/${path}?${new URLSearchParams(params)}`, as);
  const slotsOf = async (params: Record<string, string>): Promise<SlotBody[]> => {
    const res = await get("slots", params);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const startsOf = (slots: SlotBody[]) => slots.map((s) => s.startTime);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    // Tokens are signed before the clock moves: jose checks expiry against real time.
    const login = await http.login("student@demo.test");
    token = login.accessToken;
    studentId = login.user.id;
    const listing = await get("instructors", { suburb: "Parramatta" });
    demoInstructorId = listing.body.find((i: { firstName: string }) => i.firstName === "Daniel").id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date(NOW);
  });

  describe("GET /instructors", () => {
    it("lists only verified, current instructors of the suburb, best rated first, in dollars", async () => {
      const db = t.database.db;
      const visible = await insertInstructor(db, {
        firstName: "Aaron",
        suburbs: ["Penrith"],
        rateCents: 7550,
        poolOptIn: true,
        rating: 5,
        licenseExpiresOn: "2027-03-01", // expires today: still valid today
      });
      const noPool = await insertInstructor(db, {
        firstName: "Abel",
        suburbs: ["penrith", "Manly"],
        rateCents: 7550,
        poolOptIn: false,
        rating: null,
      });
      const hidden = await Promise.all([
        insertInstructor(db, { suburbs: ["Penrith"], verificationStatus: "PENDING", rating: 5 }),
        insertInstructor(db, { suburbs: ["Penrith"], verificationStatus: "REJECTED", rating: 5 }),
        insertInstructor(db, { suburbs: ["Penrith"], licenseExpiresOn: "2027-02-28", rating: 5 }),
        insertInstructor(db, { suburbs: ["Penrith"], wwcExpiresOn: "2027-02-28", rating: 5 }),
        insertInstructor(db, { suburbs: ["Manly"], rating: 5 }),
      ]);

      const res = await get("instructors", { suburb: "  pEnRiTh " });
      expect(res.status).toBe(200);
      const list = instructorsResponse.parse(res.body);
      expect(list.length).toBeGreaterThanOrEqual(5); // three demo instructors plus the two above
      const ids = list.map((i) => i.id);
      expect(ids).toContain(visible);
      expect(ids).toContain(noPool);
      for (const id of hidden) expect(ids).not.toContain(id);
      for (const i of list) {
        expect(i.suburbs.map((s) => s.toLowerCase())).toContain("penrith");
        expect(i).not.toHaveProperty("score");
      }

      const aaron = list.find((i) => i.id === visible);
      expect(aaron).toMatchObject({ standardRate: 75.5, poolRate: 49.08, poolOptIn: true, rating: 5 });
      expect(list.find((i) => i.id === noPool)).toMatchObject({
        standardRate: 75.5,
        poolRate: 75.5,
        rating: null,
      });

      // Rating descending, unrated last, then first name.
      for (let k = 1; k < list.length; k++) {
        const [a, b] = [list[k - 1], list[k]];
        if (!a || !b) continue;
        const [ra, rb] = [a.rating ?? -1, b.rating ?? -1];
        expect(ra).toBeGreaterThanOrEqual(rb);
        if (ra === rb) expect(a.firstName.localeCompare(b.firstName)).toBeLessThanOrEqual(0);
      }
      expect(list.at(-1)?.rating ?? null).toBeNull();
    });

    it("answers an unknown suburb with the schema's one message listing the valid ones", async () => {
      const res = await get("instructors", { suburb: "Atlantis" });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      // The input is never echoed back: the message lists what we serve instead.
      const message = `We don't serve that suburb yet. Choose from: ${SUBURBS.join(", ")}`;
      expect(res.body.error.details).toEqual([{ path: "suburb", message }]);
      expect(JSON.stringify(res.body)).not.toContain("Atlantis");
      const missing = await get("instructors", {});
      expect(missing.status).toBe(400);
      expect(missing.body.error.details).toEqual([{ path: "suburb", message: "Suburb is required" }]);
    });

    it("matches the suburb in any case", async () => {
      const canonical = instructorsResponse.parse(
        (await get("instructors", { suburb: "North Sydney" })).body,
      );
      const shouted = await get("instructors", { suburb: "  NORTH sydney " });
      expect(shouted.status).toBe(200);
      expect(instructorsResponse.parse(shouted.body)).toEqual(canonical);
    });

    it("orders by the shared recommendation score when assessment answers are given", async () => {
      const plain = instructorsResponse.parse((await get("instructors", { suburb: "Parramatta" })).body);
      const prefs = { experienceLevel: "never_driven", licenseType: "manual", language: "Mandarin" };
      const res = await get("instructors", { suburb: "Parramatta", ...prefs });
      expect(res.status).toBe(200);
      const ranked = instructorsResponse.parse(res.body);
      const expected = rankInstructors(plain, prefs);
      expect(ranked.map((i) => [i.id, i.score])).toEqual(expected.map((i) => [i.id, i.score]));
      for (let k = 1; k < ranked.length; k++) {
        expect(ranked[k - 1]?.score).toBeGreaterThanOrEqual(ranked[k]?.score ?? 0);
      }
      // Daniel speaks Mandarin, teaches manual, has a beginner bio and a 4.8 rating: 40+25+15+19.2.
      expect(ranked.find((i) => i.id === demoInstructorId)?.score).toBeCloseTo(99.2, 5);
    });

    it("is for students only", async () => {
      // Signed at the run's clock (test/test-clock.ts), not the suite's fixed NOW: jose checks expiry
      // against real time, so a token signed "at" NOW would be expired once the real date passes it.
      t.clock.now = testClockStart();
      const instructor = await http.login("instructor@demo.test");
      expect((await get("instructors", { suburb: "Bondi" }, instructor.accessToken)).status).toBe(403);
      expect((await http.get("/api/student/slots?suburb=Bondi")).status).toBe(401);
    });
  });

  describe("availability summary and slots", () => {
    it("has an entry for every date, and its counts equal what /slots lists that day", async () => {
      // The whole booking horizon: today to 30 days ahead.
      const range = { suburb: "Parramatta", startDate: "2027-03-01", endDate: "2027-03-31" };
      const dates = eachDateInRange(range.startDate, range.endDate);
      expect(dates).toHaveLength(31);

      const variants: Array<Record<string, string>> = [
        {},
        { instructorId: demoInstructorId },
        { poolHoursOnly: "true" },
      ];
      for (const extra of variants) {
        const params = { ...range, ...extra };
        const res = await get("availability-summary", params);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(dates);
        let total = 0;
        for (const date of dates) {
          const day = res.body[date];
          const slots = await slotsOf({ ...params, startDate: date, endDate: date });
          const pool = slots.filter((s) => s.isPoolHours).length;
          expect(day, date).toEqual({
            hasAvailability: slots.length > 0,
            poolHours: pool,
            standardHours: slots.length - pool,
            totalSlots: slots.length,
          });
          total += slots.length;
        }
        // The month ahead offers plenty.
        expect(total).toBeGreaterThan(20);
        // A multi-day /slots call lists exactly the summary's total, sorted by time.
        const all = slotsResponse.parse(await slotsOf(params));
        expect(all).toHaveLength(total);
        const times = all.map((s) => Date.parse(s.startTime));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    });

    it("validates the date range in the schema", async () => {
      const base = { suburb: "Bondi" };
      for (const [startDate, endDate, path] of [
        ["2027-03-01", "2027-04-01", "endDate"], // 32 days
        ["2027-03-10", "2027-03-09", "endDate"], // end before start
        ["2027-02-29", "2027-03-01", "startDate"], // not a real date
        ["2027-02-30", "2027-03-01", "startDate"],
        ["1/3/2027", "2027-03-01", "startDate"], // not YYYY-MM-DD
      ] as const) {
        for (const path_ of ["availability-summary", "slots"]) {
          const res = await get(path_, { ...base, startDate, endDate });
          expect(res.status, `${path_} ${startDate}..${endDate}`).toBe(400);
          expect(res.body.error.code).toBe("validation_error");
          expect(res.body.error.details[0].path).toBe(path);
        }
      }
      const suburb = await get("slots", {
        suburb: "Nowhere",
        startDate: "2027-03-01",
        endDate: "2027-03-01",
      });
      expect(suburb.status).toBe(400);
      expect(suburb.body.error.details[0].path).toBe("suburb");
    });

    it("answers only inside the booking horizon: today (Sydney) to 30 days ahead", async () => {
      // The clock: 11:00 AEDT on Monday 1 March 2027, so the horizon is 2027-03-01..2027-03-31.
      const base = { suburb: "Parramatta" };
      const message =
        "Lessons can be booked from today (01/03/2027) up to 30 days ahead (31/03/2027); choose dates in that range";
      for (const path of ["availability-summary", "slots"]) {
        const variants: Array<Record<string, string>> = [
          {},
          { poolHoursOnly: "true" },
          { instructorId: demoInstructorId },
        ];
        for (const extra of variants) {
          const ok = await get(path, { ...base, ...extra, startDate: "2027-03-01", endDate: "2027-03-31" });
          expect(ok.status, `${path} whole horizon`).toBe(200);
          for (const [startDate, endDate, outside] of [
            ["2030-03-01", "2030-03-01", ["startDate", "endDate"]], // 3 years ahead
            ["2030-03-01", "2030-03-31", ["startDate", "endDate"]],
            ["2027-03-02", "2027-04-01", ["endDate"]], // one day past the horizon
            ["2027-04-01", "2027-04-01", ["startDate", "endDate"]],
            ["2027-02-28", "2027-03-01", ["startDate"]], // yesterday
            ["2026-03-01", "2026-03-01", ["startDate", "endDate"]],
          ] as const) {
            const res = await get(path, { ...base, ...extra, startDate, endDate });
            expect(res.status, `${path} ${startDate}..${endDate}`).toBe(400);
            expect(res.body.error).toEqual({
              code: "validation_error",
              message,
              details: outside.map((p) => ({ path: p, message })),
            });
          }
        }
      }
      // The horizon follows the injected clock: just before Sydney midnight, 2027-03-31 is 30 days
      // ahead; at midnight the window moves on by a day.
      t.clock.now = new Date("2027-03-01T12:59:59Z"); // 23:59:59 AEDT
      expect((await get("slots", { ...base, startDate: "2027-03-01", endDate: "2027-03-31" })).status).toBe(
        200,
      );
      expect((await get("slots", { ...base, startDate: "2027-04-01", endDate: "2027-04-01" })).status).toBe(
        400,
      );
      t.clock.now = new Date("2027-03-01T13:00:00Z"); // 00:00 AEDT on 2 March
      expect((await get("slots", { ...base, startDate: "2027-03-01", endDate: "2027-03-01" })).status).toBe(
        400,
      );
      expect((await get("slots", { ...base, startDate: "2027-03-02", endDate: "2027-04-01" })).status).toBe(
        200,
      );
    });

    it("findOpenSlots refuses a range outside the horizon before running any query", async () => {
      // What a batch booking spanning years would ask for, inside its transaction.
      const query = {
        suburb: "Parramatta" as const,
        startDate: "2027-03-02",
        endDate: "2030-03-02",
        now: NOW,
      };
      await expect(findOpenSlots(t.database.db, query)).rejects.toMatchObject({
        code: "validation_error",
        statusCode: 400,
        details: [{ path: "endDate" }],
      });
      await expect(
        findOpenSlots(t.database.db, { ...query, startDate: "2027-02-28", endDate: "2027-03-02" }),
      ).rejects.toMatchObject({ code: "validation_error", details: [{ path: "startDate" }] });
    });

    it("rejects an unknown instructor (404) and one who does not teach in the suburb (400)", async () => {
      const day = { startDate: "2027-03-02", endDate: "2027-03-02" };
      const unknown = await get("slots", {
        suburb: "Bondi",
        ...day,
        instructorId: "00000000-0000-4000-8000-000000000000",
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe("not_found");
      const pending = await insertInstructor(t.database.db, {
        suburbs: ["Bondi"],
        verificationStatus: "PENDING",
      });
      expect((await get("slots", { suburb: "Bondi", ...day, instructorId: pending })).status).toBe(404);
      const elsewhere = await get("availability-summary", {
        suburb: "Manly",
        ...day,
        instructorId: demoInstructorId,
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.code).toBe("instructor_not_in_suburb");
    });

    it("builds slots from weekly rules and overrides that change only the time they cover", async () => {
      const id = await insertInstructor(t.database.db, {
        suburbs: ["Penrith"],
        rules: [
          [1, "09:00", "12:00"], // Monday
          [2, "13:00", "15:30"], // Tuesday: 15:00 would end after 15:30
          [3, "09:00", "10:30"], // Wednesday
        ],
        exceptions: [
          { date: "2027-03-08", kind: "CLOSED" },
          { date: "2027-03-14", kind: "OPEN", from: "10:00", to: "12:00" }, // a Sunday without rules
          { date: "2027-03-15", kind: "OPEN", from: "06:00", to: "07:00" }, // adds to Monday 09–12
          { date: "2027-03-15", kind: "OPEN", from: "18:00", to: "20:00" },
          { date: "2027-03-15", kind: "CLOSED", from: "10:00", to: "11:00" }, // time off: 10:00 goes
          { date: "2027-03-16", kind: "CLOSED" }, // a whole day off beats an OPEN on the same date
          { date: "2027-03-16", kind: "OPEN", from: "10:00", to: "12:00" },
        ],
      });
      const expected: Array<[string, string]> = [
        ["2027-03-09", "13:00"],
        ["2027-03-09", "14:00"],
        ["2027-03-10", "09:00"],
        ["2027-03-14", "10:00"],
        ["2027-03-14", "11:00"],
        ["2027-03-15", "06:00"],
        ["2027-03-15", "09:00"],
        ["2027-03-15", "11:00"],
        ["2027-03-15", "18:00"],
        ["2027-03-15", "19:00"],
        ["2027-03-17", "09:00"],
      ];
      const params = { suburb: "Penrith", startDate: "2027-03-08", endDate: "2027-03-17", instructorId: id };
      const slots = await slotsOf(params);
      expect(startsOf(slots)).toEqual(expected.map(([d, h]) => sydneyAt(d, h).toISOString()));
      for (const s of slots) expect(Date.parse(s.endTime) - Date.parse(s.startTime)).toBe(HOUR);
      expect(slots.every((s) => s.instructorId === id && s.instructorName.startsWith("Fiona "))).toBe(true);

      const summary = (await get("availability-summary", params)).body;
      expect(summary["2027-03-08"]).toEqual({
        hasAvailability: false,
        poolHours: 0,
        standardHours: 0,
        totalSlots: 0,
      });
      expect(summary["2027-03-15"].totalSlots).toBe(5);
      expect(summary["2027-03-16"].totalSlots).toBe(0);
    });

    it("hides booked and held times, and brings back lapsed holds", async () => {
      const db = t.database.db;
      const id = await insertInstructor(db, { suburbs: ["Penrith"], rules: [[4, "08:00", "14:00"]] });
      const date = "2027-03-11"; // Thursday
      await insertBooking(db, {
        studentId,
        instructorId: id,
        start: sydneyAt(date, "08:00"),
        status: "SCHEDULED",
      });
      await insertBooking(db, {
        studentId,
        instructorId: id,
        start: sydneyAt(date, "09:00"),
        status: "PENDING_PAYMENT",
        holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
      });
      await insertBooking(db, {
        studentId,
        instructorId: id,
        start: sydneyAt(date, "10:00"),
        status: "PENDING_PAYMENT",
        holdExpiresAt: new Date(NOW.getTime() - 60_000), // lapsed, not yet swept
      });
      await insertBooking(db, {
        studentId,
        instructorId: id,
        start: sydneyAt(date, "11:00"),
        status: "CANCELLED",
      });
      // Off the hour: blocks both lessons it overlaps.
      await insertBooking(db, {
        studentId,
        instructorId: id,
        start: sydneyAt(date, "12:30"),
        status: "SCHEDULED",
      });

      const params = { suburb: "Penrith", startDate: date, endDate: date, instructorId: id };
      expect(startsOf(await slotsOf(params))).toEqual(
        ["10:00", "11:00"].map((h) => sydneyAt(date, h).toISOString()),
      );
      expect((await get("availability-summary", params)).body[date].totalSlots).toBe(2);

      t.clock.advanceMinutes(31); // the 09:00 hold lapses
      expect(startsOf(await slotsOf(params))).toEqual(
        ["09:00", "10:00", "11:00"].map((h) => sydneyAt(date, h).toISOString()),
      );
      expect((await get("availability-summary", params)).body[date].totalSlots).toBe(3);
    });

    it("never offers a lesson within two hours of now", async () => {
      const date = "2027-03-09"; // Tuesday: Daniel works 08–18
      const params = { suburb: "Parramatta", startDate: date, endDate: date };
      t.clock.now = new Date("2027-03-08T21:10:00Z"); // 08:10 in Sydney
      const ownSlots = await slotsOf({ ...params, instructorId: demoInstructorId });
      expect(ownSlots[0]?.startTime).toBe(sydneyAt(date, "11:00").toISOString());
      const all = await slotsOf(params);
      expect(all.length).toBeGreaterThan(0);
      for (const s of all)
        expect(Date.parse(s.startTime)).toBeGreaterThanOrEqual(t.clock.now.getTime() + 2 * HOUR);

      t.clock.now = sydneyAt(date, "09:00"); // exactly two hours before 11:00: still bookable
      expect((await slotsOf({ ...params, instructorId: demoInstructorId }))[0]?.startTime).toBe(
        sydneyAt(date, "11:00").toISOString(),
      );
      t.clock.now = new Date(sydneyAt(date, "09:00").getTime() + 1);
      expect((await slotsOf({ ...params, instructorId: demoInstructorId }))[0]?.startTime).toBe(
        sydneyAt(date, "12:00").toISOString(),
      );
    });

    it("prices weekday 10:00–14:00 starts at 65% for pool instructors only", async () => {
      const db = t.database.db;
      const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "08:00", "17:00"]);
      const pool = await insertInstructor(db, {
        suburbs: ["Penrith"],
        rateCents: 7550,
        poolOptIn: true,
        rules: everyDay,
      });
      const noPool = await insertInstructor(db, {
        suburbs: ["Penrith"],
        rateCents: 7550,
        poolOptIn: false,
        rules: everyDay,
      });
      expect(poolRateCents(7550)).toBe(4908);
      const range = { suburb: "Penrith", startDate: "2027-03-08", endDate: "2027-03-14" }; // Mon–Sun

      const poolSlots = await slotsOf({ ...range, instructorId: pool });
      expect(poolSlots).toHaveLength(7 * 9);
      for (const s of poolSlots) {
        const start = new Date(s.startTime);
        const local = new Intl.DateTimeFormat("en-AU", {
          timeZone: "Australia/Sydney",
          weekday: "short",
          hour: "2-digit",
          hourCycle: "h23",
        }).formatToParts(start);
        const weekday = local.find((p) => p.type === "weekday")?.value ?? "";
        const hour = Number(local.find((p) => p.type === "hour")?.value);
        const expectPool = !["Sat", "Sun"].includes(weekday) && hour >= 10 && hour <= 14;
        expect(s.isPoolHours, s.startTime).toBe(expectPool);
        expect(isPoolHourStart(start)).toBe(expectPool);
        expect(s.price).toBe(expectPool ? 49.08 : 75.5);
      }
      expect(poolSlots.filter((s) => s.isPoolHours)).toHaveLength(5 * 5);

      const standard = await slotsOf({ ...range, instructorId: noPool });
      expect(standard).toHaveLength(7 * 9);
      expect(standard.every((s) => !s.isPoolHours && s.price === 75.5)).toBe(true);

      const onlyPool = await slotsOf({ ...range, instructorId: pool, poolHoursOnly: "true" });
      expect(onlyPool).toHaveLength(25);
      expect(onlyPool.every((s) => s.isPoolHours && s.instructorId === pool)).toBe(true);
      expect(await slotsOf({ ...range, instructorId: noPool, poolHoursOnly: "true" })).toEqual([]);
      const summary = (await get("availability-summary", { ...range, instructorId: pool })).body;
      expect(summary["2027-03-08"]).toEqual({
        hasAvailability: true,
        poolHours: 5,
        standardHours: 4,
        totalSlots: 9,
      });
      expect(summary["2027-03-13"]).toEqual({
        hasAvailability: true,
        poolHours: 0,
        standardHours: 9,
        totalSlots: 9,
      });
    });

    it("offers auto-assigned pool slots once per start at the cheapest free pool price", async () => {
      const db = t.database.db;
      const date = "2027-03-12"; // Friday
      const cheapest = await insertInstructor(db, {
        suburbs: ["Penrith"],
        rateCents: 3000,
        rules: [[5, "10:00", "15:00"]],
      });
      await insertInstructor(db, { suburbs: ["Penrith"], rateCents: 3100, rules: [[5, "10:00", "15:00"]] });
      const params = { suburb: "Penrith", startDate: date, endDate: date, poolHoursOnly: "true" };

      const slots = slotsResponse.parse(await slotsOf(params));
      const starts = startsOf(slots);
      expect(new Set(starts).size).toBe(starts.length);
      for (const s of slots) {
        expect(s).toMatchObject({
          instructorId: null,
          instructorName: "Auto-assigned pool instructor",
          isPoolHours: true,
        });
      }
      // The lowest pool price per start, as the per-instructor listing shows them.
      const perInstructor = (await slotsOf({ suburb: "Penrith", startDate: date, endDate: date })).filter(
        (s) => s.isPoolHours,
      );
      const lowest = new Map<string, number>();
      for (const s of perInstructor)
        lowest.set(s.startTime, Math.min(lowest.get(s.startTime) ?? Infinity, s.price));
      expect(new Map(slots.map((s) => [s.startTime, s.price]))).toEqual(lowest);
      for (const h of ["10:00", "11:00", "12:00", "13:00", "14:00"]) {
        expect(slots.find((s) => s.startTime === sydneyAt(date, h).toISOString())?.price).toBe(19.5);
      }

      // Once the cheapest instructor is taken at 10:00 the next cheapest sets that start's price.
      await insertBooking(db, {
        studentId,
        instructorId: cheapest,
        start: sydneyAt(date, "10:00"),
        status: "SCHEDULED",
      });
      const after = await slotsOf(params);
      expect(after.find((s) => s.startTime === sydneyAt(date, "10:00").toISOString())?.price).toBe(20.15);
      const summary = (await get("availability-summary", params)).body[date];
      expect(summary).toEqual({
        hasAvailability: true,
        poolHours: after.length,
        standardHours: 0,
        totalSlots: after.length,
      });

      // The engine itself stays per instructor, cheapest first within a start.
      const open = await findOpenSlots(db, {
        suburb: "Penrith",
        startDate: date,
        endDate: date,
        poolHoursOnly: true,
        now: NOW,
      });
      const atEleven = open.filter((s) => s.start.getTime() === sydneyAt(date, "11:00").getTime());
      expect(atEleven.length).toBeGreaterThanOrEqual(2);
      expect(atEleven[0]).toMatchObject({
        instructorId: cheapest,
        priceCents: 1950,
        standardRateCents: 3000,
        isPoolHours: true,
      });
      expect(atEleven.map((s) => s.priceCents)).toEqual(
        [...atEleven.map((s) => s.priceCents)].sort((a, b) => a - b),
      );
    });

    it("findOpenSlots gives the same answer inside a transaction, and sees the transaction's own writes", async () => {
      const db = t.database.db;
      const date = "2027-03-10"; // Wednesday
      const id = await insertInstructor(db, { suburbs: ["Penrith"], rules: [[3, "09:00", "12:00"]] });
      const query = {
        suburb: "Penrith" as const,
        startDate: date,
        endDate: date,
        instructorId: id,
        now: NOW,
      };
      const outside = await findOpenSlots(db, query);
      expect(outside.map((s) => s.start)).toEqual(["09:00", "10:00", "11:00"].map((h) => sydneyAt(date, h)));
      expect(outside[0]).toMatchObject({
        instructorId: id,
        instructorName: expect.stringMatching(/^Fiona /),
      });
      expect(outside[0]?.end.getTime()).toBe(sydneyAt(date, "10:00").getTime());

      let before: OpenSlot[] = [];
      let after: OpenSlot[] = [];
      // drizzle rolls back by throwing: the transaction leaves nothing behind.
      const rollback = await db
        .transaction(async (tx) => {
          before = await findOpenSlots(tx, query);
          await insertBooking(tx, {
            studentId,
            instructorId: id,
            start: sydneyAt(date, "10:00"),
            status: "SCHEDULED",
          });
          after = await findOpenSlots(tx, query);
          tx.rollback();
        })
        .catch((error: unknown) => error);
      expect(rollback).toBeInstanceOf(Error);
      expect(before).toEqual(outside);
      expect(after.map((s) => s.start)).toEqual(["09:00", "11:00"].map((h) => sydneyAt(date, h)));
      const rolledBack = await findOpenSlots(db, query);
      expect(rolledBack).toEqual(outside);
    });

    it("stops offering lessons after the instructor's licence expires", async () => {
      const id = await insertInstructor(t.database.db, {
        suburbs: ["Penrith"],
        licenseExpiresOn: "2027-03-10",
        rules: [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "16:00", "18:00"]),
      });
      const params = { suburb: "Penrith", startDate: "2027-03-08", endDate: "2027-03-12", instructorId: id };
      const summary = (await get("availability-summary", params)).body;
      expect(Object.values(summary).map((d) => (d as { totalSlots: number }).totalSlots)).toEqual([
        2, 2, 2, 0, 0,
      ]);
    });

    it("offers both 02:00 lessons on the night daylight saving ends (04/04/2027)", async () => {
      // Sunday 4 April 2027: 03:00 AEDT becomes 02:00 AEST, so an instructor working 01:00–04:00 has
      // four hours: 01:00 AEDT, 02:00 AEDT, 02:00 AEST, 03:00 AEST.
      const instructorId = await insertInstructor(t.database.db, {
        suburbs: ["Penrith"],
        rules: [[0, "01:00", "04:00"]],
      });
      t.clock.now = sydneyAt("2027-03-21", "12:00");
      const params = { suburb: "Penrith", startDate: "2027-04-04", endDate: "2027-04-04", instructorId };
      const slots = await slotsOf(params);
      expect(startsOf(slots)).toEqual([
        "2027-04-03T14:00:00.000Z",
        "2027-04-03T15:00:00.000Z", // 02:00 AEDT
        "2027-04-03T16:00:00.000Z", // 02:00 AEST
        "2027-04-03T17:00:00.000Z",
      ]);
      expect((await get("availability-summary", params)).body["2027-04-04"].totalSlots).toBe(4);
    });

    it("gives exact UTC start times on the DST change days", async () => {
      const db = t.database.db;
      // 05/04/2026 is Easter Sunday, a public holiday: these instructors teach on them.
      const weekly = await insertInstructor(db, {
        suburbs: ["Penrith"],
        rules: [[0, "00:00", "06:00"]],
        teachesPublicHolidays: true,
      });
      const override = await insertInstructor(db, {
        suburbs: ["Penrith"],
        teachesPublicHolidays: true,
        exceptions: [
          { date: "2026-04-05", kind: "OPEN", from: "00:00", to: "06:00" },
          { date: "2026-10-04", kind: "OPEN", from: "00:00", to: "06:00" },
        ],
      });
      const expected = {
        // DST ends: 02:00–03:00 happens twice (AEDT then AEST), and both are offered.
        "2026-04-05": [
          "2026-04-04T13:00:00.000Z", // 00:00 AEDT
          "2026-04-04T14:00:00.000Z", // 01:00 AEDT
          "2026-04-04T15:00:00.000Z", // 02:00 AEDT
          "2026-04-04T16:00:00.000Z", // 02:00 AEST
          "2026-04-04T17:00:00.000Z", // 03:00 AEST
          "2026-04-04T18:00:00.000Z", // 04:00 AEST
          "2026-04-04T19:00:00.000Z", // 05:00 AEST
        ],
        // DST starts: 02:00–03:00 does not exist.
        "2026-10-04": [
          "2026-10-03T14:00:00.000Z", // 00:00 AEST
          "2026-10-03T15:00:00.000Z", // 01:00 AEST
          "2026-10-03T16:00:00.000Z", // 03:00 AEDT
          "2026-10-03T17:00:00.000Z", // 04:00 AEDT
          "2026-10-03T18:00:00.000Z", // 05:00 AEDT
        ],
      };
      for (const instructorId of [weekly, override]) {
        for (const [date, starts] of Object.entries(expected)) {
          // Noon two weeks earlier: the DST day lies inside the booking horizon.
          t.clock.now = sydneyAt(addDaysToDate(date, -14), "12:00");
          const params = { suburb: "Penrith", startDate: date, endDate: date, instructorId };
          const slots = await slotsOf(params);
          expect(startsOf(slots)).toEqual(starts);
          expect(slots.map((s) => s.endTime)).toEqual(
            starts.map((s) => new Date(Date.parse(s) + HOUR).toISOString()),
          );
          expect((await get("availability-summary", params)).body[date].totalSlots).toBe(starts.length);
        }
      }
    });
  });
});
