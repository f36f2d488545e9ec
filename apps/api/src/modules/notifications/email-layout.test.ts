import { describe, expect, it } from "vitest";
import { brandedEmail } from "./email-layout.ts";

const content = {
  subject: "Lesson confirmed: 12/05/2026 with Ivy",
  greeting: "Hi Sam,",
  paragraphs: ["Your lesson is booked with Ivy Ng.", "Cancel up to 24 hours before for a full refund."],
  details: [
    ["Lesson", "12/05/2026, 10:00 am – 11:00 am (Sydney time)"],
    ["Pickup", "<b>12 Church St</b> & co"],
  ] as Array<[string, string]>,
  action: { label: "View my lessons", url: "https://kerb.test/student/bookings?tab=next&x=1" },
  footnote: "You received this email because you booked driving lessons on Kerb.",
};

describe("branded email (React Email layout)", () => {
  it("as plain text: greeting, paragraphs, one line per detail, the link, the sign-off and the footnote", () => {
    expect(brandedEmail(content).text).toBe(
      [
        "Hi Sam,",
        "",
        "Your lesson is booked with Ivy Ng.",
        "",
        "Cancel up to 24 hours before for a full refund.",
        "",
        "Lesson: 12/05/2026, 10:00 am – 11:00 am (Sydney time)",
        "Pickup: <b>12 Church St</b> & co",
        "",
        "View my lessons: https://kerb.test/student/bookings?tab=next&x=1",
        "",
        "— Kerb, driving lessons with certified instructors",
        "",
        "You received this email because you booked driving lessons on Kerb.",
        "",
      ].join("\n"),
    );
  });

  it("as HTML: the same words in the branded layout, with what people typed escaped", () => {
    const { html, subject } = brandedEmail(content);
    expect(subject).toBe(content.subject);
    expect(html.startsWith("<!DOCTYPE html")).toBe(true);
    expect(html).toContain('lang="en-AU"');
    expect(html).toContain(`<title>${content.subject}</title>`);
    expect(html).toContain(">Hi Sam,</p>");
    expect(html).toContain(">12/05/2026, 10:00 am – 11:00 am (Sydney time)</td>");
    expect(html).toContain("&lt;b&gt;12 Church St&lt;/b&gt; &amp; co");
    expect(html).not.toContain("<b>");
    expect(html).toContain('href="https://kerb.test/student/bookings?tab=next&amp;x=1"');
    expect(html).toContain("View my lessons");
    expect(html).toContain("background:#0b6e4f");
    expect(html).toContain("— Kerb, driving lessons with certified instructors");
  });

  it("leaves out what a message does not have", () => {
    const email = brandedEmail({ subject: "S", greeting: "Hi Ivy,", paragraphs: ["Only this."] });
    expect(email.text).toBe("Hi Ivy,\n\nOnly this.\n\n— Kerb, driving lessons with certified instructors\n");
    expect(email.html).not.toContain("kerb-details");
    expect(email.html).not.toContain("href=");
  });
});
