/** Instructors' driving-test package offers (issue 33): GET/PUT /api/instructor/test-package and the public read. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, testPackageOffers } from "../../db/schema/index.ts";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import { api, instructorPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const messages = (body: { error: { message: string; details?: Array<{ message: string }> } }) =>
  [body.error.message, ...(body.error.details ?? []).map((d) => d.message)].join(" | ");

const offer = { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys", "blacktown"] };

describeEachDatabase("test package offers", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const audits = async (instructorId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, instructorId), eq(auditLog.action, "instructor.test_package_change")));

  it("starts off, saves an offer, reads it back, and shows it to learners with GST", async () => {
    const ivy = await newInstructor(http, db());
    const start = await http.get("/api/instructor/test-package", ivy.token);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      enabled: false,
      price: null,
      consumerPrice: null,
      includesWarmUp: true,
      warmUpMinutes: 60,
      centres: [],
      updatedAt: null,
    });
    expect((await http.get(`/api/instructors/${ivy.id}/test-package`)).body).toMatchObject({
      offered: false,
      price: null,
      centres: [],
    });

    // Ids are kept once each, in the centres list's order.
    const saved = await http.put(
      "/api/instructor/test-package",
      { ...offer, price: 299.95, centreIds: ["blacktown", "st-marys", "blacktown"] },
      ivy.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      price: 299.95,
      consumerPrice: 329.95,
      includesWarmUp: true,
      centres: [
        {
          id: "st-marys",
          name: "St Marys Driver Testing Centre",
          address: "75–105 Mamre Road, St Marys NSW 2760",
          suburb: "St Marys",
        },
        expect.objectContaining({ id: "blacktown", name: "Blacktown Service Centre" }),
      ],
      updatedAt: t.clock.now.toISOString(),
    });
    expect((await http.get("/api/instructor/test-package", ivy.token)).body).toEqual(saved.body);
    const [row] = await db()
      .select()
      .from(testPackageOffers)
      .where(eq(testPackageOffers.instructorId, ivy.id));
    expect(row).toMatchObject({ priceCents: 29995, centreIds: ["st-marys", "blacktown"], enabled: true });

    // Public, no session: the learner's price leads with GST included.
    const seen = await http.get(`/api/instructors/${ivy.id}/test-package`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      instructorId: ivy.id,
      offered: true,
      price: 329.95,
      priceText: "$329.95 incl. GST ($299.95 + GST)",
      includesWarmUp: true,
      centres: saved.body.centres,
    });

    // Switched off: the price and centres are kept for the instructor, learners see no offer.
    const off = await http.put(
      "/api/instructor/test-package",
      { ...offer, enabled: false, includesWarmUp: false, centreIds: [] },
      ivy.token,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, price: 300, includesWarmUp: false, centres: [] });
    expect((await http.get(`/api/instructors/${ivy.id}/test-package`)).body).toMatchObject({
      offered: false,
      includesWarmUp: null,
    });
  });

  it("audits each change before and after, and nothing when nothing changed", async () => {
    const ivy = await newInstructor(http, db());
    expect((await http.put("/api/instructor/test-package", offer, ivy.token)).status).toBe(200);
    expect((await http.put("/api/instructor/test-package", offer, ivy.token)).status).toBe(200);
    expect((await http.put("/api/instructor/test-package", { ...offer, price: 320 }, ivy.token)).status).toBe(
      200,
    );
    const entries = await audits(ivy.id);
    const saved = { enabled: true, includesWarmUp: true, centreIds: ["st-marys", "blacktown"] };
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [ivy.id, { before: null, after: { ...saved, priceCents: 30000 } }],
      [ivy.id, { before: { ...saved, priceCents: 30000 }, after: { ...saved, priceCents: 32000 } }],
    ]);
  });

  it.each([
    [{ ...offer, price: 300.005 }, "Package price must be in whole cents"],
    [{ ...offer, price: 59.99 }, "A test package must cost at least $60 before GST"],
    [{ ...offer, price: 900.01 }, "A test package can cost at most $900 before GST"],
    [{ ...offer, price: "300" }, "Package price is required, in dollars before GST"],
    [
      { ...offer, centreIds: ["st-marys", "atlantis"] },
      "We don't know that test centre. Choose from: st-marys",
    ],
    [
      { ...offer, centreIds: [] },
      "Choose at least one test centre you take learners to, or turn test packages off",
    ],
    [{ ...offer, enabled: "yes" }, "enabled must be true or false"],
    [{ ...offer, includesWarmUp: undefined }, "includes a warm-up lesson: true or false"],
  ])("refuses %j with 400 and a sentence, changing nothing", async (body, message) => {
    const ivy = await newInstructor(http, db());
    expect((await http.put("/api/instructor/test-package", offer, ivy.token)).status).toBe(200);
    const before = (await http.get("/api/instructor/test-package", ivy.token)).body;
    const res = await http.put("/api/instructor/test-package", body, ivy.token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(messages(res.body)).toContain(message);
    expect((await http.get("/api/instructor/test-package", ivy.token)).body).toEqual(before);
    expect(await audits(ivy.id)).toHaveLength(1);
  });

  it("is the instructor's own: another role is 403, no session 401, and nothing is saved", async () => {
    const learner = await newStudent(http);
    for (const res of [
      await http.get("/api/instructor/test-package", learner.token),
      await http.put("/api/instructor/test-package", offer, learner.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await http.put("/api/instructor/test-package", offer)).status).toBe(401);
    expect(
      await db().select().from(testPackageOffers).where(eq(testPackageOffers.instructorId, learner.id)),
    ).toEqual([]);
  });

  it("answers 404 publicly for an unknown or not yet verified instructor", async () => {
    const unknown = await http.get("/api/instructors/00000000-0000-4000-8000-000000000000/test-package");
    expect(unknown.status).toBe(404);
    const registered = await http.post("/api/auth/register/instructor", instructorPayload());
    expect(registered.status).toBe(201);
    const token = registered.body.accessToken as string;
    // An unverified instructor may prepare an offer; learners see it once they are listed.
    expect((await http.put("/api/instructor/test-package", offer, token)).status).toBe(200);
    expect((await http.get(`/api/instructors/${registered.body.user.id}/test-package`)).status).toBe(404);
  });
});
