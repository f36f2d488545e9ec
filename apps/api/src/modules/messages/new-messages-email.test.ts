import { describe, expect, it } from "vitest";
import { newMessages } from "./new-messages-email.ts";

const ada = { id: "0b7c6a52-3c1e-4a57-9a57-1f1a6a1c2b3d", firstName: "Ada", lastName: "One" };
const bo = { id: "5e2f1d40-7a2b-4c3d-8e9f-0a1b2c3d4e5f", firstName: "Bo", lastName: "Two" };
// 9:05 am AEST on Tuesday 12 May 2026.
const sentAt = new Date("2026-05-11T23:05:00Z");

describe("new messages", () => {
  it("one message from one person: its words, when, and a button back to that conversation", () => {
    const email = newMessages({
      recipient: { firstName: "Sam", lastName: "Lee", role: "STUDENT" },
      conversations: [{ from: ada, count: 1, latest: { body: "Running\n10 minutes late", sentAt } }],
      appUrl: "https://kerb.test/",
    });
    expect(email.subject).toBe("New message from Ada One");
    expect(email.text).toContain("Hi Sam,");
    expect(email.text).toContain("You have 1 unread message on Kerb.");
    expect(email.text).toContain(
      'Ada One (1 message, the latest at 9:05 am on 12/05/2026): "Running 10 minutes late"',
    );
    expect(email.text).toContain(`https://kerb.test/student/messages/${ada.id}`);
    expect(email.html).toContain(`href="https://kerb.test/student/messages/${ada.id}"`);
    expect(email.html).toContain("Read and reply");
  });

  it("several people: one email naming each, with a link to each conversation, to the instructor's pages", () => {
    const email = newMessages({
      recipient: { firstName: "Ivy", lastName: "Ng", role: "INSTRUCTOR" },
      conversations: [
        { from: bo, count: 2, latest: { body: "See you <b>soon</b>", sentAt } },
        { from: ada, count: 1, latest: { body: "x".repeat(300), sentAt } },
      ],
      appUrl: "https://kerb.test",
    });
    expect(email.subject).toBe("3 new messages from Bo Two and 1 other");
    expect(email.text).toContain(`Read and reply: https://kerb.test/instructor/messages/${bo.id}`);
    expect(email.text).toContain(`Read and reply: https://kerb.test/instructor/messages/${ada.id}`);
    expect(email.text).toContain(`${"x".repeat(139)}…`);
    expect(email.text).not.toContain("x".repeat(141));
    // A message's markup is text in the HTML too.
    expect(email.html).toContain("See you &lt;b&gt;soon&lt;/b&gt;");
    expect(email.html).toContain('href="https://kerb.test/instructor/messages"');
  });

  it("leaves the links out without a public URL", () => {
    const email = newMessages({
      recipient: { firstName: "Sam", lastName: "Lee", role: "STUDENT" },
      conversations: [{ from: ada, count: 1, latest: { body: "Hi", sentAt } }],
    });
    expect(email.text).not.toContain("/student/messages");
  });
});
