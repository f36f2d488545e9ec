import type { EmailKind } from "@kerb/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, auditLog, outbox, refreshTokens } from "../../db/schema/index.ts";
import { api, studentPayload } from "../../test/http.ts";
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from "../../test/smtp-inbox.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { scaled } from "../../test/time-scale.ts";
import { messageIdOf } from "../notifications/index.ts";

// Account recovery over HTTP against a real database: the emailed links are read from what a real SMTP
// server received; the outbox keeps the message without its token.
describeEachDatabase("account recovery", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, { env: { PUBLIC_URL: "https://kerb.example", SMTP_URL: inbox.url } });
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  async function registerStudent(overrides: Record<string, unknown> = {}) {
    const payload = studentPayload(overrides);
    const res = await http.post("/api/auth/register/student", payload);
    expect(res.status).toBe(201);
    return { ...res.body, email: payload.email as string, password: payload.password as string } as {
      user: { id: string };
      accessToken: string;
      refreshToken: string;
      email: string;
      password: string;
    };
  }

  async function mailTo(email: string, kind: EmailKind) {
    return t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.createdAt));
  }

  /**
   * The token of the newest link of that kind sent to the address, as the mail server received it. The
   * stored message never holds it: its bodies have a placeholder, and the secret kept for delivery is
   * erased once the message is sent.
   */
  async function tokenFromMail(email: string, kind: EmailKind, page: string) {
    const [mail] = await mailTo(email, kind);
    if (!mail) throw new Error(`no ${kind} mail to ${email}`);
    let received: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          received = (await inbox.to(email)).find((m) => m.parsed.messageId === messageIdOf(mail.id));
          return received !== undefined;
        },
        { timeout: scaled(10_000) },
      )
      .toBe(true);
    const text = received?.parsed.text ?? "";
    const match = text.match(new RegExp(`https://kerb\\.example/${page}\\?token=([A-Za-z0-9_-]+)`));
    if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
    expect(received?.parsed.html).toContain(`https://kerb.example/${page}?token=${match[1]}`);
    await expect
      .poll(async () => (await mailTo(email, kind)).find((m) => m.id === mail.id)?.status, {
        timeout: scaled(10_000),
      })
      .toBe("SENT");
    const [stored] = (await mailTo(email, kind)).filter((m) => m.id === mail.id);
    expect(stored?.oneTimeSecret).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(match[1]);
    return match[1];
  }

  describe("forgot password", () => {
    it("answers 202 for an unknown email and enqueues nothing", async () => {
      const before = await t.database.db.select().from(outbox);
      const res = await http.post("/api/auth/forgot-password", { email: "nobody.here@example.com" });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: true });
      expect(await t.database.db.select().from(outbox)).toHaveLength(before.length);
      expect(await mailTo("nobody.here@example.com", "password_reset")).toHaveLength(0);
    });

    it("answers the same 202 for a known email, whatever its case, and emails a link", async () => {
      const s = await registerStudent();
      const res = await http.post("/api/auth/forgot-password", { email: s.email.toUpperCase() });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: true });
      const [mail] = await mailTo(s.email, "password_reset");
      expect(mail?.subject).toBe("Reset your Kerb password");
      expect(mail?.textBody).toContain("Hi Lee,");
      const token = await tokenFromMail(s.email, "password_reset", "reset-password");
      // Only the hash is stored.
      const rows = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, s.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).not.toContain(token);
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("answers a known and an unknown address no sooner than 150 ms, so timing tells nothing", async () => {
      const s = await registerStudent();
      for (const email of [s.email, "nobody.at.all@example.com", s.email, "still.nobody@example.com"]) {
        const started = performance.now();
        expect((await http.post("/api/auth/forgot-password", { email })).status).toBe(202);
        expect(performance.now() - started, email).toBeGreaterThanOrEqual(149);
      }
    });

    it("validates the email like login does", async () => {
      const res = await http.post("/api/auth/forgot-password", { email: "not-an-email" });
      expect(res.status).toBe(400);
    });

    it("sends at most 3 reset emails per account in 15 minutes, still answering 202", async () => {
      const s = await registerStudent();
      for (let i = 0; i < 5; i++) {
        expect((await http.post("/api/auth/forgot-password", { email: s.email })).status).toBe(202);
      }
      expect(await mailTo(s.email, "password_reset")).toHaveLength(3);
      t.clock.advanceMinutes(16);
      await http.post("/api/auth/forgot-password", { email: s.email });
      expect(await mailTo(s.email, "password_reset")).toHaveLength(4);
    });
  });

  describe("reset password", () => {
    it("sets the new password once, ends every session and refuses old access tokens", async () => {
      const s = await registerStudent();
      const other = await http.login(s.email, s.password);
      expect((await http.get("/api/auth/me", s.accessToken)).status).toBe(200);

      await http.post("/api/auth/forgot-password", { email: s.email });
      const token = await tokenFromMail(s.email, "password_reset", "reset-password");
      const res = await http.post("/api/auth/reset-password", {
        token,
        password: "brand-new-pass",
        confirmPassword: "brand-new-pass",
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      // Single use.
      const again = await http.post("/api/auth/reset-password", {
        token,
        password: "another-pass",
        confirmPassword: "another-pass",
      });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe("invalid_reset_token");

      // Every refresh token revoked, and access tokens already handed out refused.
      const live = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, s.user.id));
      expect(live.length).toBeGreaterThanOrEqual(2);
      expect(live.every((r) => r.revokedAt !== null)).toBe(true);
      for (const refreshToken of [s.refreshToken, other.refreshToken]) {
        expect((await http.post("/api/auth/refresh", { refreshToken })).status).toBe(401);
      }
      expect((await http.get("/api/auth/me", s.accessToken)).status).toBe(401);
      expect((await http.get("/api/auth/me", other.accessToken)).status).toBe(401);

      // Old password refused, new one accepted; the owner is told.
      expect((await http.post("/api/auth/login", { email: s.email, password: s.password })).status).toBe(401);
      await http.login(s.email, "brand-new-pass");
      expect(await mailTo(s.email, "password_changed")).toHaveLength(1);
    });

    it("expires after 1 hour", async () => {
      const s = await registerStudent();
      await http.post("/api/auth/forgot-password", { email: s.email });
      const token = await tokenFromMail(s.email, "password_reset", "reset-password");
      t.clock.advanceMinutes(61);
      const res = await http.post("/api/auth/reset-password", {
        token,
        password: "brand-new-pass",
        confirmPassword: "brand-new-pass",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_reset_token");
      await http.login(s.email, s.password);
    });

    it("still works just before the hour is up, and retires the account's other reset links", async () => {
      const s = await registerStudent();
      await http.post("/api/auth/forgot-password", { email: s.email });
      const first = await tokenFromMail(s.email, "password_reset", "reset-password");
      t.clock.advanceMinutes(1);
      await http.post("/api/auth/forgot-password", { email: s.email });
      const second = await tokenFromMail(s.email, "password_reset", "reset-password");
      expect(second).not.toBe(first);
      t.clock.advanceMinutes(58);
      const body = { token: second, password: "brand-new-pass", confirmPassword: "brand-new-pass" };
      expect((await http.post("/api/auth/reset-password", body)).status).toBe(200);
      const stale = await http.post("/api/auth/reset-password", { ...body, token: first });
      expect(stale.status).toBe(400);
    });

    it("refuses unknown tokens, mismatched passwords and passwords that break the rules", async () => {
      const unknown = await http.post("/api/auth/reset-password", {
        token: "x".repeat(43),
        password: "brand-new-pass",
        confirmPassword: "brand-new-pass",
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe("invalid_reset_token");

      const mismatch = await http.post("/api/auth/reset-password", {
        token: "x".repeat(43),
        password: "brand-new-pass",
        confirmPassword: "brand-new-pasz",
      });
      expect(mismatch.status).toBe(400);
      expect(JSON.stringify(mismatch.body)).toContain("Passwords do not match");

      const short = await http.post("/api/auth/reset-password", {
        token: "x".repeat(43),
        password: "abc",
        confirmPassword: "abc",
      });
      expect(short.status).toBe(400);
      expect(JSON.stringify(short.body)).toContain("Password must be at least 4 characters");
    });
  });

  describe("change password", () => {
    it("needs the current password, ends other sessions and gives this device a new one", async () => {
      const s = await registerStudent();
      const other = await http.login(s.email, s.password);

      const wrong = await http.post(
        "/api/auth/change-password",
        { currentPassword: "nope", password: "changed-pass", confirmPassword: "changed-pass" },
        s.accessToken,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe("invalid_current_password");

      const res = await http.post(
        "/api/auth/change-password",
        { currentPassword: s.password, password: "changed-pass", confirmPassword: "changed-pass" },
        s.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body.accessToken).toEqual(expect.any(String));

      expect((await http.get("/api/auth/me", res.body.accessToken)).status).toBe(200);
      expect((await http.post("/api/auth/refresh", { refreshToken: res.body.refreshToken })).status).toBe(
        200,
      );
      expect((await http.get("/api/auth/me", other.accessToken)).status).toBe(401);
      expect((await http.get("/api/auth/me", s.accessToken)).status).toBe(401);
      expect((await http.post("/api/auth/refresh", { refreshToken: other.refreshToken })).status).toBe(401);
      await http.login(s.email, "changed-pass");
      expect(await mailTo(s.email, "password_changed")).toHaveLength(1);
    });

    it("needs a signed-in user", async () => {
      const res = await http.post("/api/auth/change-password", {
        currentPassword: "a",
        password: "changed-pass",
        confirmPassword: "changed-pass",
      });
      expect(res.status).toBe(401);
    });
  });

  describe("email change", () => {
    it("switches only once the link sent to the new address is followed", async () => {
      const s = await registerStudent();
      const newEmail = `moved.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await http.post(
        "/api/auth/email-change",
        { newEmail: newEmail.toUpperCase(), currentPassword: s.password },
        s.accessToken,
      );
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ pendingEmail: newEmail });

      // Nothing sent to the old address yet, and the old email still signs in.
      expect(await mailTo(s.email, "email_change_confirm")).toHaveLength(0);
      await http.login(s.email, s.password);
      const account = await http.get("/api/student/account", s.accessToken);
      expect(account.body).toMatchObject({ email: s.email, pendingEmail: newEmail });

      const token = await tokenFromMail(newEmail, "email_change_confirm", "confirm-email");
      const confirmed = await http.post("/api/auth/email-change/confirm", { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ email: newEmail });

      expect((await http.post("/api/auth/login", { email: s.email, password: s.password })).status).toBe(401);
      await http.login(newEmail, s.password);
      expect((await http.post("/api/auth/email-change/confirm", { token })).status).toBe(400);
      // The old address is told; the change is audited before → after.
      expect(await mailTo(s.email, "email_changed")).toHaveLength(1);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "user.email_change"), eq(auditLog.targetId, s.user.id)));
      expect(audit?.details).toEqual({ before: { email: s.email }, after: { email: newEmail } });
      expect(JSON.stringify(audit?.details)).not.toContain("token");
    });

    it("ends a reset link sent to the old address once the new one is confirmed", async () => {
      const s = await registerStudent();
      await http.post("/api/auth/forgot-password", { email: s.email });
      const resetToken = await tokenFromMail(s.email, "password_reset", "reset-password");
      const newEmail = `moved.${Math.random().toString(36).slice(2, 8)}@example.com`;
      await http.post("/api/auth/email-change", { newEmail, currentPassword: s.password }, s.accessToken);
      const token = await tokenFromMail(newEmail, "email_change_confirm", "confirm-email");
      expect((await http.post("/api/auth/email-change/confirm", { token })).status).toBe(200);

      const reset = await http.post("/api/auth/reset-password", {
        token: resetToken,
        password: "taken-over-1",
        confirmPassword: "taken-over-1",
      });
      expect(reset.status).toBe(400);
      await http.login(newEmail, s.password);
    });

    it("refuses an address in use (any case) with 409, and a wrong password", async () => {
      const s = await registerStudent();
      const taken = await registerStudent();
      const res = await http.post(
        "/api/auth/email-change",
        { newEmail: taken.email.toUpperCase(), currentPassword: s.password },
        s.accessToken,
      );
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("email_taken");

      const wrong = await http.post(
        "/api/auth/email-change",
        { newEmail: "free.address@example.com", currentPassword: "nope" },
        s.accessToken,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe("invalid_current_password");
    });

    it("answers 409 when the address was taken between request and confirmation", async () => {
      const s = await registerStudent();
      const newEmail = `race.${Math.random().toString(36).slice(2, 8)}@example.com`;
      await http.post("/api/auth/email-change", { newEmail, currentPassword: s.password }, s.accessToken);
      const token = await tokenFromMail(newEmail, "email_change_confirm", "confirm-email");
      await registerStudent({ email: newEmail.toUpperCase() });
      const res = await http.post("/api/auth/email-change/confirm", { token });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("email_taken");
      await http.login(s.email, s.password);
    });

    it("expires the confirmation link after 24 hours", async () => {
      const s = await registerStudent();
      const newEmail = `late.${Math.random().toString(36).slice(2, 8)}@example.com`;
      await http.post("/api/auth/email-change", { newEmail, currentPassword: s.password }, s.accessToken);
      const token = await tokenFromMail(newEmail, "email_change_confirm", "confirm-email");
      t.clock.advanceMinutes(24 * 60 + 1);
      const res = await http.post("/api/auth/email-change/confirm", { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_email_change_token");
    });
  });
});

// Emails leave right after the change commits (the unit of work starts delivery), not on the next
// outbox tick: with the tick switched off, the reset email still arrives.
describeEachDatabase("account emails without an outbox tick", (kind) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, { env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it("delivers the password-reset email at once with OUTBOX_INTERVAL_SECONDS=0", async () => {
    const http = api(t.app);
    const payload = studentPayload();
    expect((await http.post("/api/auth/register/student", payload)).status).toBe(201);
    expect((await http.post("/api/auth/forgot-password", { email: payload.email })).status).toBe(202);
    await expect
      .poll(async () => (await inbox.to(payload.email)).map((m) => m.parsed.subject), {
        timeout: scaled(10_000),
      })
      .toContainEqual(expect.stringMatching(/reset/i));
  });
});
