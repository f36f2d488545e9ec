/**
 * Parents and guardians over HTTP (issue 23): a learner invites one by email, the guardian accepts with
 * a new account, sees the learner, buys a bundle and pays a held checkout for them (the learner owns what
 * is bought, the guardian pays and gets the invoice and copies), and loses every access the moment the
 * learner removes them. No guardian reaches another learner's data through any route.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { guardianLinks, outbox, payments, users } from "../../db/schema/index.ts";
import { freshWeekdays, holdLesson, registerStudent } from "../../test/booking-fixtures.ts";
import { userIdByEmail } from "../../test/fixtures/instructor-fixtures.ts";
import { download } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { type SmtpInbox, startSmtpInbox } from "../../test/smtp-inbox.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { scaled } from "../../test/time-scale.ts";
import { messageIdOf } from "../notifications/outbox-delivery.ts";

const PARENT = "parent.guardian@example.test";

describeEachDatabase("parents and guardians", (kind) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let http: ReturnType<typeof api>;
  let learner: { accessToken: string; user: { id: string } };
  let guardian: { accessToken: string; user: { id: string; role: string } };
  let instructorId: string;
  let nextWeekday: () => string;

  /** The link of the newest invitation to `email`, as a real SMTP server received it. */
  async function invitationToken(email: string) {
    const [row] = await t.database.db
      .select({ id: outbox.id, subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, "guardian_invited")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    let text = "";
    await expect
      .poll(
        async () => {
          const mail = (await inbox.to(email)).find((m) => m.parsed.messageId === messageIdOf(row?.id ?? ""));
          text = mail?.parsed.text ?? "";
          return text !== "";
        },
        { timeout: scaled(10_000) },
      )
      .toBe(true);
    const match = text.match(/https:\/\/kerb\.example\/guardian\/accept\?token=([A-Za-z0-9_-]+)/);
    return { token: match?.[1] ?? "", subject: row?.subject };
  }

  /** The payer receipts of `paymentId` sent to `email`. */
  async function receiptsTo(email: string, paymentId: string) {
    return t.database.db
      .select({ subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.dedupeKey, `payer-receipt:${paymentId}`)));
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, {
      seed: true,
      env: { PUBLIC_URL: "https://kerb.example", SMTP_URL: inbox.url },
    });
    http = api(t.app);
    nextWeekday = freshWeekdays(() => t.clock.now);
    learner = await registerStudent(http, { firstName: "Lily", lastName: "Learner" });
    instructorId = await userIdByEmail(t.database.db, "instructor@demo.test");
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it("a learner invites a guardian by email, who accepts with a new guardian account", async () => {
    const ownEmail = (await http.get("/api/student/profile", learner.accessToken)).body.email as string;
    const self = await http.post(
      "/api/student/guardians",
      { email: ownEmail.toUpperCase() },
      learner.accessToken,
    );
    expect(self.status).toBe(400);
    expect(self.body.error.details[0]).toMatchObject({ path: "email" });

    const invited = await http.post(
      "/api/student/guardians",
      { email: PARENT, copyEmails: true },
      learner.accessToken,
    );
    expect(invited.status).toBe(201);
    expect(invited.body.guardians).toEqual([
      expect.objectContaining({ email: PARENT, status: "INVITED", copyEmails: true, guardian: null }),
    ]);
    const { token, subject } = await invitationToken(PARENT);
    expect(subject).toBe("Lily invited you to follow their driving lessons on Kerb");
    expect(token.length).toBeGreaterThan(20);

    const shown = await http.get(`/api/guardian/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ learner: { firstName: "Lily" }, email: PARENT, accountExists: false });

    // Like every sign-up, the guardian's accepts the terms and privacy policy, or makes no account.
    const unaccepted = await http.post("/api/guardian/invitations/accept", {
      token,
      firstName: "Pat",
      lastName: "Parent",
      password: "guardian-pass-1",
      confirmPassword: "guardian-pass-1",
    });
    expect(unaccepted.status).toBe(400);
    expect(unaccepted.body.error.details).toEqual([
      { path: "acceptTerms", message: "Please accept the terms of use and privacy policy" },
    ]);
    expect((await http.get(`/api/guardian/invitations/${token}`)).body.accountExists).toBe(false);

    const accepted = await http.post("/api/guardian/invitations/accept", {
      token,
      firstName: "Pat",
      lastName: "Parent",
      password: "guardian-pass-1",
      confirmPassword: "guardian-pass-1",
      acceptTerms: true,
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email: PARENT, role: "GUARDIAN", firstName: "Pat" });
    guardian = accepted.body;

    // The link is used: the same token does nothing more.
    expect((await http.get(`/api/guardian/invitations/${token}`)).status).toBe(404);
    const list = await http.get("/api/student/guardians", learner.accessToken);
    expect(list.body.guardians[0]).toMatchObject({ status: "ACTIVE", guardian: { firstName: "Pat" } });
    // A guardian signs in like anyone else, with the terms accepted at sign-up: nothing outstanding.
    const login = await http.post("/api/auth/login", { email: PARENT, password: "guardian-pass-1" });
    expect(login.body).toMatchObject({ user: { role: "GUARDIAN" }, outstandingLegal: [] });
  });

  it("an address that already has a student account cannot become a guardian", async () => {
    // Refused when inviting: a learner's, an instructor's or an admin's address.
    const other = await registerStudent(http, { firstName: "Sib", lastName: "Ling" });
    const studentEmail = (await http.get("/api/student/profile", other.accessToken)).body.email as string;
    for (const email of [studentEmail.toUpperCase(), "instructor@demo.test", "admin@demo.test"]) {
      const invited = await http.post("/api/student/guardians", { email }, learner.accessToken);
      expect(invited.status, email).toBe(409);
      expect(invited.body.error).toEqual({
        code: "not_a_guardian_account",
        message: expect.stringMatching(/not a guardian account\. Invite another address/),
      });
    }
    expect((await http.get("/api/student/guardians", learner.accessToken)).body.guardians).toHaveLength(1);

    // An address that gets a student account after the invitation: refused when it is opened.
    const email = "later.student@example.test";
    expect((await http.post("/api/student/guardians", { email }, learner.accessToken)).status).toBe(201);
    const { token } = await invitationToken(email);
    await registerStudent(http, { firstName: "Late", lastName: "Student", email });
    const shown = await http.get(`/api/guardian/invitations/${token}`);
    expect(shown.status).toBe(409);
    expect(shown.body.error.code).toBe("not_a_guardian_account");
    const made = await http.post("/api/guardian/invitations/accept", {
      token,
      firstName: "S",
      lastName: "L",
      password: "guardian-pass-1",
      confirmPassword: "guardian-pass-1",
      acceptTerms: true,
    });
    expect(made.status).toBe(409);
    // Withdrawn again, so the learner's guardian list below holds only the parent.
    const list = await http.get("/api/student/guardians", learner.accessToken);
    const link = list.body.guardians.find((g: { email: string }) => g.email === email);
    expect((await http.delete(`/api/student/guardians/${link.id}`, learner.accessToken)).status).toBe(200);
  });

  it("public registration still offers no guardian role", async () => {
    const res = await http.post("/api/auth/register/student", {
      email: "sneaky@example.test",
      password: "password-123",
      confirmPassword: "password-123",
      firstName: "S",
      lastName: "N",
      phone: "0412 345 678",
      suburb: "Bondi",
      licenseType: "AUTOMATIC",
      experienceLevel: "NEVER_DRIVEN",
      role: "GUARDIAN",
    });
    expect(res.status).toBe(400);
  });

  it("the guardian sees the learner, buys a bundle for them and gets its invoice", async () => {
    const learners = await http.get("/api/guardian/learners", guardian.accessToken);
    expect(learners.body.learners).toEqual([{ id: learner.user.id, firstName: "Lily", lastName: "Learner" }]);

    const bought = await http.post(
      `/api/guardian/learners/${learner.user.id}/bundles`,
      { totalLessons: 10, pricePerLesson: 70, instructorId, suburb: "Sydney CBD" },
      guardian.accessToken,
    );
    expect(bought.status).toBe(201);
    const paymentId: string = bought.body.payment.id;
    const confirmed = await http.post(
      `/api/guardian/payments/${paymentId}/confirm`,
      undefined,
      guardian.accessToken,
    );
    expect(confirmed.status).toBe(200);

    // The learner owns the credits; the guardian is recorded as the payer.
    const profile = await http.get("/api/student/profile", learner.accessToken);
    expect(profile.body.bundles[0]).toMatchObject({
      totalLessons: 10,
      usedLessons: 0,
      boughtBy: { firstName: "Pat", lastName: "Parent" },
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ userId: learner.user.id, payerId: guardian.user.id, status: "PAID" });

    const overview = await http.get(`/api/guardian/learners/${learner.user.id}`, guardian.accessToken);
    expect(overview.status).toBe(200);
    expect(overview.body.bundles[0]).toMatchObject({ totalLessons: 10, pricePerLesson: 70 });
    expect(overview.body.payments[0]).toMatchObject({ id: paymentId, paidByYou: true, amount: 770 });

    // The learner's progress and logbook, as the learner sees them.
    const progress = await http.get(
      `/api/guardian/learners/${learner.user.id}/progress`,
      guardian.accessToken,
    );
    expect(progress.status).toBe(200);
    expect(progress.body).toEqual((await http.get("/api/student/progress", learner.accessToken)).body);
    const logbook = await http.get(`/api/guardian/learners/${learner.user.id}/logbook`, guardian.accessToken);
    expect(logbook.body).toEqual((await http.get("/api/student/logbook", learner.accessToken)).body);

    const pdf = await download(
      t.app,
      `/api/guardian/learners/${learner.user.id}/payments/${paymentId}/invoice.pdf`,
      guardian.accessToken,
    );
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw);
    expect(text).toContain("Pat Parent");
    expect(text).toContain("$770.00");
    // Billed to the guardian, for the learner.
    expect(text).toMatch(/FOR LEARNER\s+Lily Learner/);

    // The learner's confirmation says who bought the bundle; the guardian asked for copies, so gets one.
    const mail = await t.database.db
      .select({ to: outbox.toEmail, subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .where(like(outbox.dedupeKey, `bundle-purchased:${paymentId}%`));
    expect(mail.map((m) => m.to).sort()).toEqual([PARENT, profile.body.email].sort());
    expect(mail.find((m) => m.to === PARENT)?.subject).toMatch(/^Copy: /);
    const toLearner = mail.find((m) => m.to === profile.body.email)?.text.replace(/\s+/g, " ");
    expect(toLearner).toContain("Pat Parent bought you a 10-lesson bundle.");
    expect(toLearner).toContain("Bought for you by: Pat Parent");
    // And a receipt of their own, as the payer, naming the learner it was for.
    const receipt = await receiptsTo(PARENT, paymentId);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.subject).toBe(`Your receipt for Lily's 10-lesson bundle (${row?.invoiceNumber})`);
    expect(receipt[0]?.text).toContain("For: Lily Learner");
  });

  it("the guardian pays lessons the learner is holding: a receipt of their own, copies only if chosen", async () => {
    // Copies off: the payer still gets their receipt, and no copy of the booking.
    const [link] = (await http.get("/api/student/guardians", learner.accessToken)).body.guardians;
    const off = await http.patch(
      `/api/student/guardians/${link.id}`,
      { copyEmails: false },
      learner.accessToken,
    );
    expect(off.status).toBe(200);
    const held = await holdLesson(http, learner.accessToken, { date: nextWeekday(), instructorId });
    const overview = await http.get(`/api/guardian/learners/${learner.user.id}`, guardian.accessToken);
    const pending = overview.body.payments.find((p: { id: string }) => p.id === held.paymentId);
    expect(pending).toMatchObject({ status: "PENDING", paidByYou: false });
    expect(pending.holdExpiresAt).not.toBeNull();

    const pay = await http.post(
      `/api/guardian/learners/${learner.user.id}/payments/${held.paymentId}/pay`,
      undefined,
      guardian.accessToken,
    );
    expect(pay.status).toBe(200);
    const confirmed = await http.post(
      `/api/guardian/payments/${held.paymentId}/confirm`,
      undefined,
      guardian.accessToken,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment.lessons).toHaveLength(1);
    const copies = await t.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(
        and(
          eq(outbox.toEmail, PARENT),
          like(outbox.dedupeKey, `booking-confirmed:payment:${held.paymentId}%`),
        ),
      );
    expect(copies).toEqual([]);
    const receipt = await receiptsTo(PARENT, held.paymentId);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.subject).toMatch(/^Your receipt for Lily's 1 driving lesson \(/);
    expect(
      (await http.patch(`/api/student/guardians/${link.id}`, { copyEmails: true }, learner.accessToken))
        .status,
    ).toBe(200);

    // The learner cancels: the money goes back to the card that paid, which is the guardian's.
    const lessonId: string = confirmed.body.payment.lessons[0].id;
    const preview = await http.get(`/api/student/bookings/${lessonId}/cancellation`, learner.accessToken);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toMatch(/back to Pat Parent's card, including/);
    expect(
      (await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, learner.accessToken)).status,
    ).toBe(200);
    const [cancelled] = await t.database.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `lesson-cancelled:${lessonId}:student`));
    expect(cancelled?.text.replace(/\s+/g, " ")).toMatch(/goes back to Pat Parent's card/);
    // My bookings names the same card under the cancelled lesson.
    const profile = await http.get("/api/student/profile", learner.accessToken);
    const row = profile.body.bookings.find((b: { id: string }) => b.id === lessonId);
    expect(row).toMatchObject({ status: "CANCELLED", paidBy: { firstName: "Pat", lastName: "Parent" } });
    // Paid already: paying again is refused.
    const again = await http.post(
      `/api/guardian/learners/${learner.user.id}/payments/${held.paymentId}/pay`,
      undefined,
      guardian.accessToken,
    );
    expect(again.status).toBe(409);
  });

  it("no guardian reaches another learner's data, and no other role reaches a guardian's routes", async () => {
    const other = await registerStudent(http, { firstName: "Omar", lastName: "Other" });
    const routes: Array<[string, string]> = [
      ["GET", `/api/guardian/learners/${other.user.id}`],
      ["GET", `/api/guardian/learners/${other.user.id}/progress`],
      ["GET", `/api/guardian/learners/${other.user.id}/logbook`],
      ["GET", `/api/guardian/learners/${other.user.id}/logbook.pdf`],
      ["POST", `/api/guardian/learners/${other.user.id}/bundles`],
      ["POST", `/api/guardian/learners/${other.user.id}/payments/00000000-0000-4000-8000-000000000000/pay`],
      [
        "GET",
        `/api/guardian/learners/${other.user.id}/payments/00000000-0000-4000-8000-000000000000/invoice.pdf`,
      ],
    ];
    const bundle = { totalLessons: 10, pricePerLesson: 70, instructorId, suburb: "Sydney CBD" };
    for (const [method, url] of routes) {
      const res =
        method === "POST"
          ? await http.post(url, bundle, guardian.accessToken)
          : await http.get(url, guardian.accessToken);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // The learner's own payment, asked for under the other learner's id, is not found either.
    const [own] = (await http.get(`/api/guardian/learners/${learner.user.id}`, guardian.accessToken)).body
      .payments;
    const crossed = await download(
      t.app,
      `/api/guardian/learners/${other.user.id}/payments/${own.id}/invoice.pdf`,
      guardian.accessToken,
    );
    expect(crossed.status).toBe(404);
    // A student on a guardian route, a guardian on a student route: 403.
    expect((await http.get("/api/guardian/learners", learner.accessToken)).status).toBe(403);
    expect((await http.get("/api/student/guardians", guardian.accessToken)).status).toBe(403);
    expect((await http.get("/api/guardian/learners")).status).toBe(401);
  });

  it("a removed guardian loses access at once, and gets no more copies, even of what they paid", async () => {
    // The guardian pays lessons the learner holds, and is removed before the payment is confirmed.
    const held = await holdLesson(http, learner.accessToken, { date: nextWeekday(), instructorId });
    const pay = await http.post(
      `/api/guardian/learners/${learner.user.id}/payments/${held.paymentId}/pay`,
      undefined,
      guardian.accessToken,
    );
    expect(pay.status).toBe(200);
    const list = await http.get("/api/student/guardians", learner.accessToken);
    expect(list.body.guardians[0]).toMatchObject({ copyEmails: true });
    const id: string = list.body.guardians[0].id;
    const removed = await http.delete(`/api/student/guardians/${id}`, learner.accessToken);
    expect(removed.status).toBe(200);
    const confirmed = await http.post(
      `/api/student/bookings/batch/confirm/${held.paymentId}`,
      undefined,
      learner.accessToken,
    );
    expect(confirmed.status).toBe(200);
    // Still the payer, with a receipt; no copy of the booking.
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, held.paymentId));
    expect(row).toMatchObject({ payerId: guardian.user.id, status: "PAID" });
    const toParent = await t.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.toEmail, PARENT), like(outbox.dedupeKey, `%${held.paymentId}%`)));
    expect(toParent.map((m) => m.kind)).toEqual(["payer_receipt"]);

    expect(removed.body.guardians).toEqual([]);
    expect((await http.get(`/api/guardian/learners/${learner.user.id}`, guardian.accessToken)).status).toBe(
      404,
    );
    expect((await http.get("/api/guardian/learners", guardian.accessToken)).body.learners).toEqual([]);
  });

  it("a removed guardian keeps the receipts and tax invoices of what they paid, and nothing else", async () => {
    const paid = await http.get("/api/guardian/payments", guardian.accessToken);
    expect(paid.status).toBe(200);
    // The bundle and the held lessons they paid (the test clock stands still: no order to check).
    const types = paid.body.payments.map((p: { type: string }) => p.type);
    expect(types.sort()).toEqual(["BOOKINGS", "BOOKINGS", "BUNDLE"]);
    const bundle = paid.body.payments.find((p: { type: string }) => p.type === "BUNDLE");
    expect(bundle).toMatchObject({
      status: "PAID",
      amount: 770,
      learner: { id: learner.user.id, firstName: "Lily", lastName: "Learner" },
      invoiceUrl: `/api/guardian/learners/${learner.user.id}/payments/${bundle.id}/invoice.pdf`,
    });
    const pdf = await download(t.app, bundle.invoiceUrl, guardian.accessToken);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.raw)).toContain("Pat Parent");
    // The payment page (lessons, holds, what happens next) stays the learner's.
    expect((await http.get(`/api/payment/${bundle.id}`, guardian.accessToken)).status).toBe(404);
    // Another guardian sees none of them.
    const demoGuardian = await http.login("guardian@demo.test");
    const theirs = await http.get("/api/guardian/payments", demoGuardian.accessToken);
    expect(theirs.body.payments.map((p: { id: string }) => p.id)).not.toContain(bundle.id);
    expect((await download(t.app, bundle.invoiceUrl, demoGuardian.accessToken)).status).toBe(404);
  });
  it("a guardian removed while accepting stays removed, and a removed invitation cannot be accepted", async () => {
    const sib = await registerStudent(http, { firstName: "Sam", lastName: "Sibling" });
    const demoGuardian = await http.login("guardian@demo.test");
    const linkOf = async (email: string) => {
      const list = await http.get("/api/student/guardians", sib.accessToken);
      return list.body.guardians.find((g: { email: string }) => g.email === email) as { id: string };
    };
    const statusOf = async (id: string) =>
      (
        await t.database.db
          .select({ status: guardianLinks.status })
          .from(guardianLinks)
          .where(eq(guardianLinks.id, id))
      )[0]?.status;

    // Each round: the accept (a new account, or the demo guardian signed in) and the learner's removal
    // at once, the removal 0–100 ms after the accept started; the accept hashes a password first.
    for (let round = 0; round < 6; round++) {
      const signedIn = round % 2 === 1;
      const email = signedIn ? "guardian@demo.test" : `racing.parent.${round}@example.test`;
      expect((await http.post("/api/student/guardians", { email }, sib.accessToken)).status).toBe(201);
      const { token } = await invitationToken(email);
      const { id } = await linkOf(email);
      const [accepted, removed] = await Promise.all([
        signedIn
          ? http.post("/api/guardian/invitations/join", { token }, demoGuardian.accessToken)
          : http.post("/api/guardian/invitations/accept", {
              token,
              firstName: "Racing",
              lastName: "Parent",
              password: "guardian-pass-1",
              confirmPassword: "guardian-pass-1",
              acceptTerms: true,
            }),
        new Promise((resolve) => setTimeout(resolve, round * 20)).then(() =>
          http.delete(`/api/student/guardians/${id}`, sib.accessToken),
        ),
      ]);
      const where = `round ${round} (accept ${accepted.status}, remove ${removed.status})`;
      expect(removed.status, where).toBe(200);
      // The removal went through: the link is REMOVED whichever finished first, and no access is left.
      expect(await statusOf(id), where).toBe("REMOVED");
      expect([200, 201, 404], where).toContain(accepted.status);
      const learners = signedIn
        ? (await http.get("/api/guardian/learners", demoGuardian.accessToken)).body.learners
        : accepted.status === 201
          ? (await http.get("/api/guardian/learners", accepted.body.accessToken)).body.learners
          : [];
      expect(
        learners.map((l: { id: string }) => l.id),
        where,
      ).not.toContain(sib.user.id);
      if (accepted.status === 404) {
        expect(accepted.body.error.message, where).toMatch(/no longer valid/);
        // Refused after the account was written: the refusal took the new account back with it.
        const left = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        expect(left.length, where).toBe(signedIn ? 1 : 0);
      }
    }

    // An invitation the learner withdrew is refused when opened or accepted, in either way.
    const email = "withdrawn.parent@example.test";
    await http.post("/api/student/guardians", { email }, sib.accessToken);
    const { token } = await invitationToken(email);
    await http.delete(`/api/student/guardians/${(await linkOf(email)).id}`, sib.accessToken);
    expect((await http.get(`/api/guardian/invitations/${token}`)).status).toBe(404);
    const late = await http.post("/api/guardian/invitations/accept", {
      token,
      firstName: "Late",
      lastName: "Parent",
      password: "guardian-pass-1",
      confirmPassword: "guardian-pass-1",
      acceptTerms: true,
    });
    expect(late.status).toBe(404);
    expect(late.body.error).toEqual({
      code: "not_found",
      message: "This invitation is no longer valid. Ask the learner to send a new one.",
    });
  });
});
