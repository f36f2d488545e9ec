/**
 * The learner hears how their pass-promise claim was decided (issue 33 item 5), by email through the
 * outbox to a real SMTP server: approved with the credit's expiry and how to book it, or declined with
 * the admin's reason; a guardian who asked for copies gets one.
 */
import { PASS_PROMISE_MIN_LESSONS } from "@kerb/shared";
import { formatSydneyDate, passPromiseCreditExpiry } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  addMinutes,
  insertLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { type OutboxMail, outboxMail } from "../../test/mail-fixtures.ts";
import { aGuardianOf } from "../../test/scenarios.ts";
import { type SmtpInbox, startSmtpInbox } from "../../test/smtp-inbox.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertTestPack } from "../../test/test-pack-fixtures.ts";

describeEachDatabase("the pass-promise decision email", (kind) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let mail: OutboxMail;
  let http: ReturnType<typeof api>;
  let adminToken: string;
  let ivyId: string;
  let daysBack = 1;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, {
      seed: true,
      env: { PUBLIC_URL: "https://kerb.example", SMTP_URL: inbox.url },
    });
    http = api(t.app);
    mail = outboxMail(t, inbox);
    adminToken = (await http.login("admin@demo.test")).accessToken;
    ivyId = (await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Teach" })).id;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const pastDay = () => addHours(t.clock.now, -24 * ++daysBack);

  /** A learner who did all the promise asks, with a claim on their failed pack waiting for an admin. */
  async function claimant(firstName: string) {
    const learner = await newStudent(http, { firstName, lastName: "Learner" });
    for (let i = 0; i < PASS_PROMISE_MIN_LESSONS; i++) {
      await insertLesson(t.database.db, {
        studentId: learner.id,
        instructorId: ivyId,
        start: pastDay(),
        status: "COMPLETED",
      });
    }
    const testAt = addMinutes(pastDay(), 90);
    const packId = await insertTestPack(t.database.db, {
      studentId: learner.id,
      instructorId: ivyId,
      testAt,
      centreId: "penrith",
      status: "COMPLETED",
      outcome: "FAILED",
      outcomeNote: "Missed a head check",
    });
    const claimed = await http.post("/api/student/test-pack-claims", { bookingId: packId }, learner.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const email = (await http.get("/api/student/profile", learner.token)).body.email as string;
    return { learner, email, claimId: claimed.body.claim.id as string, testAt };
  }

  it("an approval tells the learner and their guardian until when the free pack can be booked, and how", async () => {
    const { learner, email, claimId, testAt } = await claimant("Ava");
    const guardian = await aGuardianOf(t, { accessToken: learner.token }, { copyEmails: true });
    await mail.clear();

    const res = await http.post(`/api/admin/test-pack-claims/${claimId}/approve`, undefined, adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const delivered = await mail.takeDelivered();
    expect(delivered.map((m) => m.to[0]).sort()).toEqual([email, guardian.email].sort());
    const validUntil = formatSydneyDate(passPromiseCreditExpiry(t.clock.now));
    const toLearner = delivered.find((m) => m.to[0] === email);
    expect(toLearner?.parsed.subject).toBe(
      `Your free driving test package is ready, valid until ${validUntil}`,
    );
    const text = toLearner?.parsed.text?.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("Hi Ava,");
    expect(text).toContain(`free test package credit, valid until ${validUntil}`);
    expect(text).toContain("choose your test package credit to pay");
    expect(text).toContain("https://kerb.example/student/test-pack");
    expect(text).toContain(`Driving test package — Penrith Service Centre, ${formatSydneyDate(testAt)}`);
    expect(toLearner?.parsed.html).toContain('href="https://kerb.example/student/test-pack"');
    const copy = delivered.find((m) => m.to[0] === guardian.email);
    expect(copy?.parsed.subject).toBe(`Copy: ${toLearner?.parsed.subject}`);

    // Decided once: a second approval is refused and sends nothing more.
    const again = await http.post(`/api/admin/test-pack-claims/${claimId}/approve`, undefined, adminToken);
    expect(again.status).toBe(409);
    expect(await mail.takeDelivered()).toEqual([]);
  });

  it("a decline tells the learner the admin's reason", async () => {
    const { email, claimId } = await claimant("Ben");
    await mail.clear();
    const reason = "The test was booked before your tenth lesson was completed.";
    const res = await http.post(
      `/api/admin/test-pack-claims/${claimId}/decline`,
      { note: reason },
      adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const delivered = await mail.takeDelivered();
    expect(delivered.map((m) => m.to[0])).toEqual([email]);
    expect(delivered[0]?.parsed.subject).toBe("Your pass-promise claim was declined");
    const text = delivered[0]?.parsed.text?.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("Hi Ben,");
    expect(text).toContain(`The reason: ${reason}`);
    expect(text).not.toContain("valid until");
  });
});
