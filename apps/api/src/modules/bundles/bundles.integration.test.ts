import { sydneyTodayDate } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerStudent } from "../../test/booking-fixtures.ts";
import { newInstructor } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("bundles", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it("sells a bundle the rules offer, once, valid for 12 months", async () => {
    const student = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70 },
      student.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.paymentUrl).toBeUndefined();
    expect(res.body.payment).toMatchObject({ subtotal: 700, gst: 70, amount: 770, holdExpiresAt: null });
    const paymentId = res.body.payment.id;

    const pending = await http.get(`/api/payment/${paymentId}`, student.accessToken);
    expect(pending.body).toMatchObject({ type: "BUNDLE", status: "PENDING", amount: 770 });
    expect(pending.body.bundle).toMatchObject({ id: null, totalLessons: 10, pricePerLesson: 70 });

    const confirm = await http.post(
      `/api/student/bundles/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.payment.status).toBe("PAID");
    const expiresAt = new Date(confirm.body.payment.bundle.expiresAt);
    const months = (expiresAt.getTime() - t.clock.now.getTime()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);

    const twice = await http.post(
      `/api/student/bundles/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(twice.status).toBe(200);
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.body.bundles).toHaveLength(1);
    expect(profile.body.bundles[0]).toMatchObject({ totalLessons: 10, usedLessons: 0, pricePerLesson: 70 });
  });

  it.each([
    [{ totalLessons: 10, pricePerLesson: 50 }, "a discount we do not offer"],
    [{ totalLessons: 4, pricePerLesson: 75 }, "fewer than the smallest bundle"],
    [{ totalLessons: 7, pricePerLesson: 70 }, "a Medium below 10 lessons"],
    [{ totalLessons: 19, pricePerLesson: 65 }, "a Large below 20 lessons"],
  ])("refuses %j (%s)", async (body) => {
    const student = await registerStudent(http);
    const res = await http.post("/api/student/bundles/purchase", body, student.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_bundle");
  });

  it("accepts every size the three tiers can produce at their boundaries", async () => {
    const student = await registerStudent(http);
    for (const body of [
      { totalLessons: 5, pricePerLesson: 75 },
      { totalLessons: 25, pricePerLesson: 75 },
      { totalLessons: 10, pricePerLesson: 70 },
      { totalLessons: 50, pricePerLesson: 70 },
      { totalLessons: 20, pricePerLesson: 65 },
      { totalLessons: 75, pricePerLesson: 65 },
    ]) {
      const res = await http.post("/api/student/bundles/purchase", body, student.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
  });

  it("rejects malformed purchases and confirmation of a booking payment as a bundle", async () => {
    const student = await registerStudent(http);
    for (const body of [
      {},
      { totalLessons: "ten", pricePerLesson: 70 },
      { totalLessons: 10.5, pricePerLesson: 70 },
    ]) {
      expect((await http.post("/api/student/bundles/purchase", body, student.accessToken)).status).toBe(400);
    }
    const other = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70 },
      other.accessToken,
    );
    const foreign = await http.post(
      `/api/student/bundles/confirm/${res.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(foreign.status).toBe(404);
    const wrongType = await http.post(
      `/api/student/bookings/batch/confirm/${res.body.payment.id}`,
      undefined,
      other.accessToken,
    );
    expect(wrongType.status).toBe(404);
  });

  it("answers a bundle size out of range in plain English, not in the validator's terms", async () => {
    const student = await registerStudent(http);
    const cases: Array<[body: Record<string, unknown>, message: string]> = [
      [{ totalLessons: 0, pricePerLesson: 70 }, "Number of lessons must be at least 1"],
      [{ totalLessons: 101, pricePerLesson: 70 }, "Number of lessons must be 100 or less"],
      [{ totalLessons: 10.5, pricePerLesson: 70 }, "Number of lessons must be a whole number"],
      [{ totalLessons: "ten", pricePerLesson: 70 }, "Number of lessons must be a number"],
      [{ pricePerLesson: 70 }, "Number of lessons is required"],
    ];
    for (const [body, message] of cases) {
      const res = await http.post("/api/student/bundles/purchase", body, student.accessToken);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.details).toContainEqual({ path: "totalLessons", message });
    }
  });

  // Last: it moves the suite's clock two days on.
  it("sells a bundle only for an instructor students may book: not once the licence has lapsed", async () => {
    const ivy = await newInstructor(http, t.database.db);
    const admin = (await http.login("admin@demo.test")).accessToken;
    const today = sydneyTodayDate(t.clock.now);
    const compliance = await http.patch(
      `/api/admin/instructors/${ivy.id}/compliance`,
      { licenseExpiresOn: today },
      admin,
    );
    expect(compliance.status).toBe(200);
    const buy = async () => {
      const student = await registerStudent(http);
      return http.post(
        "/api/student/bundles/purchase",
        { totalLessons: 5, pricePerLesson: 75, instructorId: ivy.id },
        student.accessToken,
      );
    };
    expect((await buy()).status).toBe(201); // the licence is valid through its expiry date

    t.clock.advanceMinutes(2 * 24 * 60);
    const lapsed = await buy();
    expect(lapsed.status).toBe(404);
    expect(lapsed.body.error.message).toBe("That instructor is not available");
  });
});
