/**
 * A checkout with lessons of two instructors: each instructor's confirmation to the student quotes that
 * instructor's lessons and their part of the charge, and the checkout total labelled as the total.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { listSlots, payForSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { emailOf, type OutboxMail, outboxMail } from "../../test/mail-fixtures.ts";
import { startSeededApp } from "../../test/seeded-app.ts";
import { type SmtpInbox, startSmtpInbox } from "../../test/smtp-inbox.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

describeEachDatabase("a checkout with two instructors' lessons", (kind) => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let http: Http;
  let mailbox: OutboxMail;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    ({ t, http } = await startSeededApp(kind, { env: { SMTP_URL: inbox.url } }));
    mailbox = outboxMail(t, inbox);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it("confirms each instructor's lessons with their amount, and the whole charge as the checkout total", async () => {
    const student = await registerStudent(http);
    const email = await emailOf(http, student);
    const date = weekdayAhead(t.clock.now, 6);
    const listing = await http.get("/api/student/instructors?suburb=Sydney%20CBD", student.accessToken);
    expect(listing.status).toBe(200);
    // Two standard lessons with the first instructor free that day, and one with another.
    const picked: Awaited<ReturnType<typeof listSlots>> = [];
    const names: string[] = [];
    for (const instructor of listing.body as Array<{ id: string; firstName: string }>) {
      const slots = (
        await listSlots(http, student.accessToken, { date, instructorId: instructor.id })
      ).filter((s) => !s.isPoolHours && !picked.some((p) => p.startTime === s.startTime));
      const wanted = names.length === 0 ? 2 : 1;
      if (slots.length < wanted) continue;
      picked.push(...slots.slice(0, wanted));
      names.push(instructor.firstName);
      if (names.length === 2) break;
    }
    expect(names).toHaveLength(2);
    const paid = await payForSlots(http, student.accessToken, picked);
    const total = Math.round(paid.amount * 100);

    await mailbox.delivered();
    const mail = await inbox.to(email);
    expect(mail.map((m) => m.parsed.subject).sort()).toEqual(
      [
        `2 lessons confirmed with ${names[0]}`,
        expect.stringMatching(`^Lesson confirmed: .* with ${names[1]}$`),
      ].sort(),
    );
    let shares = 0;
    for (const m of mail) {
      const text = m.parsed.text ?? "";
      const share = text.match(/^Lessons with [^:]+: (\$[\d,.]+) \(including \$[\d,.]+ GST\)$/m)?.[1];
      expect(share, text).toBeDefined();
      shares += dollars(share ?? "");
      const checkout = text.match(/^Checkout total \(3 lessons\): (\$[\d,.]+) \(including/m)?.[1];
      expect(dollars(checkout ?? "")).toBe(total);
      // The whole charge is never quoted as what this instructor's lessons cost.
      expect(text).not.toMatch(/^Paid: /m);
    }
    // Each instructor's part of the invoice, together, is exactly what was charged.
    expect(shares).toBe(total);
  });
});
