/** The operator console's account search (GET /api/admin/users). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin: accounts", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  it("refuses the user search without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET", string]> = [["GET", "/api/admin/users"]];
    for (const [method, url] of routes) {
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          ...(method === "GET" ? {} : { payload: { reason: "x" } }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(student.accessToken)).statusCode, `${method} ${url} student`).toBe(403);
      expect((await call(instructor.accessToken)).statusCode, `${method} ${url} instructor`).toBe(403);
    }
  });

  it("searches users by phone digits, whatever the spaces or +61 either side", async () => {
    // One number three ways: as registration stores it, and two older shapes written before the format check.
    const registered = await newStudent(http, { phone: "0499-876-543" });
    const legacy = await t.database.db
      .insert(users)
      .values(
        ["0499876543", "+61 499 876 543"].map((phone, i) => ({
          email: `legacy.phone${i}@example.test`,
          passwordHash: "x",
          role: "STUDENT" as const,
          firstName: "Old",
          lastName: `Phone${i}`,
          phone,
        })),
      )
      .returning({ id: users.id });
    const expected = [registered.id, ...legacy.map((l) => l.id)].sort();
    const search = async (text: string) =>
      (await http.get(`/api/admin/users?search=${encodeURIComponent(text)}`, adminToken)).body.items
        .map((u: { id: string }) => u.id)
        .sort();
    expect(await search("0499 876 543")).toEqual(expected);
    expect(await search("0499876543")).toEqual(expected);
    expect(await search("+61 499 876 543")).toEqual(expected);
    expect(await search("+61 (0)499 876 543")).toEqual(expected);
    expect(await search("876 543")).toEqual(expected);
    const [stored] = (await http.get("/api/admin/users?search=0499876543", adminToken)).body.items.filter(
      (u: { id: string }) => u.id === registered.id,
    );
    expect(stored.phone).toBe("0499 876 543");
    // Fewer than three digits is not a phone search: names with a digit match by name only.
    expect(await search("Phone1")).toEqual([legacy[1]?.id]);
  });

  it("searches users by name or email, case-insensitively, newest first", async () => {
    const byName = await http.get("/api/admin/users?search=LEARNER", adminToken);
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((u: { email: string }) => u.email)).toContain("student@demo.test");
    const sam = byName.body.items.find((u: { email: string }) => u.email === "student@demo.test");
    expect(sam).toMatchObject({
      role: "STUDENT",
      firstName: "Sam",
      lastName: "Learner",
      phone: "0412 345 678",
    });

    const fullName = await http.get(
      `/api/admin/users?search=${encodeURIComponent("daniel cooper")}`,
      adminToken,
    );
    expect(fullName.body.items.map((u: { email: string }) => u.email)).toEqual(["instructor@demo.test"]);
    const byEmail = await http.get("/api/admin/users?search=Admin@Demo", adminToken);
    expect(byEmail.body).toMatchObject({ total: 1, items: [{ email: "admin@demo.test", role: "ADMIN" }] });

    // Wildcards typed by the admin are literal characters.
    expect((await http.get("/api/admin/users?search=%25", adminToken)).body.total).toBe(0);
    expect((await http.get("/api/admin/users?search=_", adminToken)).body.total).toBe(0);

    // Newest first: the app's clock moves between the two sign-ups.
    const first = await newStudent(http, { firstName: "Zelda", lastName: "Zebra" });
    t.clock.advanceMinutes(1);
    const second = await newStudent(http, { firstName: "Zelda", lastName: "Zebra" });
    const newest = await http.get("/api/admin/users?search=zebra&role=student", adminToken);
    expect(newest.body.items.map((u: { id: string }) => u.id)).toEqual([second.id, first.id]);
  });

  it("filters users by role and pages them with a total", async () => {
    const all = await http.get("/api/admin/users?role=INSTRUCTOR&pageSize=100", adminToken);
    expect(all.body.items.every((u: { role: string }) => u.role === "INSTRUCTOR")).toBe(true);
    expect(all.body.total).toBeGreaterThanOrEqual(37);
    const page = await http.get("/api/admin/users?role=INSTRUCTOR&page=2&pageSize=10", adminToken);
    expect(page.body).toMatchObject({ page: 2, pageSize: 10, total: all.body.total });
    expect(page.body.items).toHaveLength(10);
    expect(page.body.items.map((u: { id: string }) => u.id)).toEqual(
      all.body.items.slice(10, 20).map((u: { id: string }) => u.id),
    );
    const defaults = await http.get("/api/admin/users", adminToken);
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 20 });
    expect(defaults.body.items).toHaveLength(20);
  });

  it.each([
    ["/api/admin/users?role=GOD", "role must be STUDENT, INSTRUCTOR or ADMIN"],
    ["/api/admin/users?pageSize=500", "pageSize cannot exceed 100"],
    ["/api/admin/users?page=-1", "page starts at 1"],
    ["/api/admin/users?page=x", "page must be a whole number"],
    [`/api/admin/users?search=${"a".repeat(101)}`, "search is too long"],
  ])("rejects %s with a 400 JSON error", async (url, message) => {
    const res = await http.get(url, adminToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(messages(res.body)).toContain(message);
  });
});
