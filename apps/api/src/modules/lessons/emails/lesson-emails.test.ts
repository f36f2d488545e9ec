import { describe, expect, it } from "vitest";
import { documentExpiring } from "../../compliance/documents-expiring-email.ts";
import { bookingConfirmedForInstructor, bookingConfirmedForStudent } from "./booking-confirmed.ts";
import { heldLessonRefunded } from "./held-lesson-refunded.ts";
import { lessonCancelledCalendar, lessonMovedCalendar } from "./lesson-calendar.ts";
import { lessonCancelled } from "./lesson-cancelled.ts";
import { lessonNoShow } from "./lesson-no-show.ts";
import { lessonReminder, markLessonReminder, markLessonsReminder } from "./lesson-reminders.ts";
import { lessonRescheduled } from "./lesson-rescheduled.ts";
import { moveProposed } from "./move-proposal.ts";

const student = { firstName: "Sam", lastName: "Lee", email: "sam@example.com" };
const instructor = { firstName: "Ivy", lastName: "Ng", email: "ivy@example.com" };
// 10:00 am AEST on Tuesday 12 May 2026.
const lesson = {
  id: "8f0c2a56-6c1e-4a57-9a57-1f1a6a1c2b3d",
  startTime: new Date("2026-05-12T00:00:00Z"),
  endTime: new Date("2026-05-12T01:00:00Z"),
  suburb: "Parramatta",
  pickupLocation: "12 Church St",
  isPoolHours: false,
  priceCents: 7500,
};

describe("booking confirmed", () => {
  const data = {
    student,
    instructor,
    lessons: [lesson],
    paidWith: {
      kind: "card" as const,
      invoiceNumber: "KRB-000123",
      amountCents: 8250,
      gstCents: 750,
      lessonsInCheckout: 1,
      share: { amountCents: 8250, gstCents: 750 },
    },
    appUrl: "https://kerb.test",
    now: new Date("2026-05-01T00:00:00Z"),
  };

  it("tells the student when, where and what was paid, in en-AU dates and Sydney time, with an .ics", () => {
    const email = bookingConfirmedForStudent(data);
    expect(email.subject).toBe("Lesson confirmed: 12/05/2026 with Ivy");
    expect(email.text).toContain("Lesson: 12/05/2026, 10:00 am – 11:00 am (Sydney time)");
    expect(email.text).toContain("Pickup: 12 Church St, Parramatta");
    expect(email.text).toContain("Paid: $82.50 (including $7.50 GST)");
    expect(email.text).toContain("View my lessons: https://kerb.test/student/bookings");
    expect(email.html).toContain("12/05/2026, 10:00 am – 11:00 am");
    const [ics] = email.attachments;
    const calendar = Buffer.from(ics?.contentBase64 ?? "", "base64").toString("utf8");
    expect(calendar).toContain("DTSTART:20260512T000000Z");
    expect(calendar).toContain(`UID:${lesson.id}@kerb`);
    expect(calendar).toContain("SUMMARY:Driving lesson with Ivy Ng");
  });

  it("names a driving-test package, its centre and test time, with the block from pick-up to drop-off", () => {
    const pack = {
      ...lesson,
      endTime: new Date("2026-05-12T02:45:00Z"),
      testPack: { centreName: "St Marys Driver Testing Centre", testAt: new Date("2026-05-12T01:30:00Z") },
    };
    const email = bookingConfirmedForStudent({ ...data, lessons: [pack] });
    expect(email.subject).toBe("Driving test package confirmed: 12/05/2026 with Ivy");
    expect(email.text).toContain("Driving test package: St Marys Driver Testing Centre, test at 11:30 am");
    expect(email.text).toContain("Pick-up to drop-off: 12/05/2026, 10:00 am – 12:45 pm (Sydney time)");
    expect(email.text).not.toContain("Lesson: ");
    const calendar = Buffer.from(email.attachments[0]?.contentBase64 ?? "", "base64").toString("utf8");
    expect(calendar.replace(/\r\n /g, "")).toContain(
      "SUMMARY:Driving test package with Ivy Ng (test 11:30 am\\, St Marys Driver Testing Centre)",
    );
    expect(calendar).toContain("DTEND:20260512T024500Z");
    expect(bookingConfirmedForInstructor({ ...data, lessons: [pack] }).text).toContain(
      "Driving test package: St Marys Driver Testing Centre, test at 11:30 am",
    );
  });

  it("tells the instructor who booked and what the lesson is worth, without an attachment", () => {
    const email = bookingConfirmedForInstructor(data);
    expect(email.subject).toBe("New booking: 1 lesson with Sam Lee");
    expect(email.text).toContain("Lesson value (ex GST): $75.00");
  });

  it("a checkout with several instructors: this instructor's lessons and their amount, and the checkout total labelled", () => {
    const email = bookingConfirmedForStudent({
      ...data,
      lessons: [lesson, { ...lesson, id: "9f0c2a56-6c1e-4a57-9a57-1f1a6a1c2b3d" }],
      paidWith: {
        kind: "card",
        invoiceNumber: "KRB-000124",
        amountCents: 26813,
        gstCents: 2438,
        lessonsInCheckout: 5,
        share: { amountCents: 16500, gstCents: 1500 },
      },
    });
    expect(email.subject).toBe("2 lessons confirmed with Ivy");
    expect(email.text).toContain("Lessons with Ivy Ng: $165.00 (including $15.00 GST)");
    expect(email.text).toContain("Checkout total (5 lessons): $268.13 (including $24.38 GST)");
    expect(email.text).not.toMatch(/^Paid: /m);
    const credits = bookingConfirmedForStudent({
      ...data,
      paidWith: { kind: "credits", creditsUsed: 1, creditsLeft: 7, creditsUsedInBooking: 3 },
    });
    expect(credits.text).toContain("Lessons with Ivy Ng: 1 bundle credit");
    expect(credits.text).toContain("Credits used in this booking: 3");
  });

  it("escapes what people typed in the HTML", () => {
    const email = bookingConfirmedForStudent({
      ...data,
      lessons: [{ ...lesson, pickupLocation: "<script>alert(1)</script>" }],
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });
});

describe("lesson cancelled", () => {
  const base = {
    student,
    instructor,
    lesson,
    paidWith: "CARD" as const,
    refund: { method: "CARD" as const, refundCents: 4125, refundGstCents: 375 },
  };

  it("a student's cancellation tells the instructor, with the student's refund", () => {
    const email = lessonCancelled({ ...base, recipient: "INSTRUCTOR", cancelledBy: "STUDENT" });
    expect(email.subject).toBe("Lesson cancelled: 12/05/2026 with Sam");
    expect(email.text).toContain("Sam Lee has cancelled their lesson with you on 12/05/2026, 10:00 am");
    expect(email.text).toContain("Refund to the student: $41.25 (including $3.75 GST) back to the card");
  });

  it("an admin's cancellation names the support team and the reason", () => {
    const email = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "ADMIN",
      reason: "Flooding",
      refund: { method: "CREDIT", refundCents: 0, refundGstCents: 0 },
      paidWith: "BUNDLE",
    });
    expect(email.text).toContain("has been cancelled by Kerb's support team");
    expect(email.text).toContain("Reason: Flooding");
    expect(email.text).toContain("Your lesson credit is back in your bundle");
  });

  it("a driving-test package speaks of its test-pack credit and its own tiers", () => {
    const back = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "CREDIT", refundCents: 0, refundGstCents: 0 },
      paidWith: null,
      testPack: { paidWithCredit: true },
    });
    expect(back.text).toContain("Your test-pack credit is yours again");
    expect(back.text).toContain("Refund: The test-pack credit, back to the student");
    const kept = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
      paidWith: null,
      testPack: { paidWithCredit: true },
    });
    expect(kept.text).toContain(
      "Your test-pack credit stays used: the package was cancelled less than 7 days before the pick-up",
    );
    const late = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
      paidWith: "CARD",
      testPack: { paidWithCredit: false },
    });
    expect(late.text).toContain(
      "Nothing is refunded: the package was cancelled less than 48 hours before the pick-up",
    );
  });

  it("a forfeited credit says so", () => {
    const email = lessonCancelled({
      ...base,
      recipient: "INSTRUCTOR",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
      paidWith: "BUNDLE",
    });
    expect(email.text).toContain("Refund to the student: None: 1 credit forfeited (late cancellation)");
  });

  it("a 2-hour lesson paid from a bundle gives back, or forfeits, its 2 credits", () => {
    const twoHours = { ...lesson, endTime: new Date(lesson.startTime.getTime() + 120 * 60_000) };
    const back = lessonCancelled({
      ...base,
      lesson: twoHours,
      recipient: "STUDENT",
      cancelledBy: "INSTRUCTOR",
      refund: { method: "CREDIT", refundCents: 0, refundGstCents: 0 },
      paidWith: "BUNDLE",
    });
    expect(back.text).toContain("The lesson's 2 credits are back in your bundle");
    expect(back.text).toContain("Refund: 2 credits back to the bundle");
    expect(back.text).not.toContain("Your lesson credit");
    const forfeited = lessonCancelled({
      ...base,
      lesson: twoHours,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
      paidWith: "BUNDLE",
    });
    expect(forfeited.text).toContain("The lesson's 2 credits do not go back to your bundle");
    expect(forfeited.text).toContain("Refund: None: 2 credits forfeited (late cancellation)");
  });
  it("a card refund of a lesson a guardian paid for names the guardian's card", () => {
    const paidByGuardian = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      payer: { firstName: "Mei", lastName: "Li" },
    });
    expect(paidByGuardian.text).toContain("$41.25 (including $3.75 GST) goes back to Mei Li's card");
    expect(paidByGuardian.text).not.toContain("your card");
  });
  it("the student hears of their own late cancellation, with what came back by the tier", () => {
    const half = lessonCancelled({ ...base, recipient: "STUDENT", cancelledBy: "STUDENT" });
    expect(half.text).toContain("You have cancelled your lesson with Ivy Ng on 12/05/2026");
    expect(half.text).toContain("$41.25 (including $3.75 GST) goes back to your card");
    expect(half.text).toContain("Refund: $41.25 (including $3.75 GST) back to the card");
    const none = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
    });
    expect(none.text).toContain(
      "Nothing is refunded: the lesson was cancelled less than 24 hours before it started.",
    );
    const forfeited = lessonCancelled({
      ...base,
      recipient: "STUDENT",
      cancelledBy: "STUDENT",
      refund: { method: "NONE", refundCents: 0, refundGstCents: 0 },
      paidWith: "BUNDLE",
    });
    expect(forfeited.text).toContain(
      "The lesson credit does not go back to your bundle: the lesson was cancelled less than 48 hours",
    );
  });
});

describe("held lesson refunded", () => {
  const base = {
    student,
    instructor,
    lesson,
    refund: { method: "CARD" as const, refundCents: 8250, refundGstCents: 750 },
    earnedCents: 7500,
    stopReason: "REJECTED" as const,
    appUrl: "https://kerb.test",
  };

  it("tells the student the taught lesson was refunded in full under the teaching-stop rules, and where the money goes", () => {
    const email = heldLessonRefunded({ ...base, recipient: "STUDENT" });
    expect(email.subject).toBe("Lesson refunded: 12/05/2026 with Ivy");
    expect(email.text).toContain("fell at a time when Ivy was not permitted to teach on Kerb");
    expect(email.text).toContain("you are refunded in full, even if the lesson went ahead");
    expect(email.text).toContain("$82.50 (including $7.50 GST) goes back to the card you paid with");
    expect(email.text).not.toContain("calendar");
    const credit = heldLessonRefunded({
      ...base,
      recipient: "STUDENT",
      refund: { method: "CREDIT", refundCents: 0, refundGstCents: 0 },
    });
    expect(credit.text).toContain("The lesson credit is back in your bundle");
  });

  it("tells the instructor why the lesson was held and that its earning is reversed", () => {
    const email = heldLessonRefunded({ ...base, recipient: "INSTRUCTOR" });
    expect(email.subject).toBe("Lesson refunded, earning reversed: 12/05/2026 with Sam");
    expect(email.text).toContain("was taught after Kerb rejected or delisted you");
    expect(email.text).toContain("Your earning for this lesson ($56.25) has been reversed");
    expect(email.text).toContain("Earning reversed: $56.25");
    expect(email.text).toContain("Open my earnings: https://kerb.test/instructor/earnings");
    expect(email.text).not.toContain("free in your calendar");
    const unmarked = heldLessonRefunded({
      ...base,
      recipient: "INSTRUCTOR",
      earnedCents: 0,
      stopReason: "DOCUMENT_EXPIRED",
    });
    expect(unmarked.text).toContain("after your licence or Working With Children check expired");
    expect(unmarked.text).toContain("You had not marked this lesson, so it had earned nothing");
  });
});

describe("scheduled messages", () => {
  it("reschedule shows the old and new time", () => {
    const email = lessonRescheduled({
      student,
      instructor,
      lesson: {
        ...lesson,
        startTime: new Date("2026-05-13T04:00:00Z"),
        endTime: new Date("2026-05-13T05:00:00Z"),
      },
      previous: lesson,
      movedBy: "STUDENT",
    });
    expect(email.text).toContain("Was: 12/05/2026, 10:00 am – 11:00 am (Sydney time)");
    expect(email.text).toContain("Now: 13/05/2026, 2:00 pm – 3:00 pm (Sydney time)");
  });

  it("the reminder goes to each party about the other; the nudge asks to mark the lesson", () => {
    const toStudent = lessonReminder({ recipient: "STUDENT", student, instructor, lesson });
    expect(toStudent.subject).toBe("Reminder: lesson 12/05/2026 at 10:00 am with Ivy");
    expect(lessonReminder({ recipient: "INSTRUCTOR", student, instructor, lesson }).subject).toContain(
      "with Sam",
    );
    expect(markLessonReminder({ student, instructor, lesson }).subject).toBe(
      "Mark your lesson with Sam Lee (12/05/2026)",
    );
  });

  it("lessons to mark at once are one nudge listing each; a single one reads as before", () => {
    const later = {
      ...lesson,
      startTime: new Date("2026-05-12T03:00:00Z"),
      endTime: new Date("2026-05-12T04:00:00Z"),
    };
    const both = markLessonsReminder({
      instructor,
      lessons: [
        { student, lesson },
        { student: { ...student, firstName: "Kim" }, lesson: later },
      ],
    });
    expect(both.subject).toBe("Mark your lessons: 2 lessons to mark");
    expect(both.text).toContain("2 of your lessons have ended and are not marked yet");
    expect(both.text).toContain("Lesson 1: 12/05/2026, 10:00 am – 11:00 am with Sam Lee");
    expect(both.text).toContain("Lesson 2: 12/05/2026, 1:00 pm – 2:00 pm with Kim Lee");
    expect(markLessonsReminder({ instructor, lessons: [{ student, lesson }] })).toEqual(
      markLessonReminder({ student, instructor, lesson }),
    );
  });

  it("a document notice names the document, the date and the days left", () => {
    const email = documentExpiring({ instructor, document: "WWC", expiresOn: "2026-06-10", daysLeft: 30 });
    expect(email.subject).toBe("Your Working With Children Check expires on 10/06/2026");
    expect(email.text).toContain("expires in 30 days, on 10/06/2026");
  });
});

describe("calendar files after the confirmation", () => {
  // With RFC 5545's line folding undone, so a long ATTENDEE line reads whole.
  const ics = (attachment: { contentBase64: string }) =>
    Buffer.from(attachment.contentBase64, "base64").toString("utf8").replace(/\r\n /g, "");
  const now = new Date("2026-05-02T00:00:00Z");
  const confirmation = ics(
    bookingConfirmedForStudent({
      student,
      instructor,
      lessons: [lesson],
      paidWith: { kind: "credits", creditsUsed: 1, creditsLeft: 9, creditsUsedInBooking: 1 },
      now,
    }).attachments[0] ?? { contentBase64: "" },
  );

  it("a move updates the confirmation's event: same UID, higher SEQUENCE, METHOD:REQUEST", () => {
    const moved = {
      ...lesson,
      startTime: new Date("2026-05-13T04:00:00Z"),
      endTime: new Date("2026-05-13T05:00:00Z"),
    };
    const file = lessonMovedCalendar({ lesson: moved, student, instructor, sequence: 1, now });
    expect(file.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const text = ics(file);
    expect(confirmation).toContain(`UID:${lesson.id}@kerb`);
    expect(confirmation).toContain("SEQUENCE:0");
    expect(text).toContain("METHOD:REQUEST");
    expect(text).toContain(`UID:${lesson.id}@kerb`);
    expect(text).toContain("SEQUENCE:1");
    expect(text).toContain("DTSTART:20260513T040000Z");
    expect(text).toContain("STATUS:CONFIRMED");
    // RFC 5546 §3.2.2: a REQUEST names its organizer and attendees, or a calendar may not apply it.
    expect(text).toMatch(/ORGANIZER;CN="?Ivy Ng"?:mailto:ivy@example\.com/);
    expect(text).toMatch(/ATTENDEE;[^\r\n]*CN="?Sam Lee"?[^\r\n]*:mailto:sam@example\.com/i);
  });

  it("a cancellation cancels it: same UID, higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED", () => {
    const text = ics(lessonCancelledCalendar({ lesson, student, instructor, sequence: 2, now }));
    expect(text).toContain("METHOD:CANCEL");
    expect(text).toContain(`UID:${lesson.id}@kerb`);
    expect(text).toContain("SEQUENCE:2");
    expect(text).toContain("STATUS:CANCELLED");
    expect(text).toMatch(/ORGANIZER;CN="?Ivy Ng"?:mailto:ivy@example\.com/);
    expect(text).toMatch(/ATTENDEE;[^\r\n]*:mailto:sam@example\.com/i);
  });

  it("are written as the learner's calendar, not the instructor feed's", () => {
    expect(confirmation).toContain("PRODID:-//Kerb//Learner lessons//EN");
    expect(confirmation).not.toContain("Instructor lessons");
  });
});

describe("no-show", () => {
  it("tells the student what was kept and how long they have to dispute it", () => {
    const card = lessonNoShow({ student, instructor, lesson, paidWithBundle: false });
    expect(card.subject).toBe("Marked as a no-show: your lesson 12/05/2026 with Ivy");
    // ACL s 48: the price paid, GST included, leads; the ex-GST figure is its component.
    expect(card.text).toContain(
      "Kept: The lesson's price, $82.50 incl. GST ($75.00 + GST): nothing is refunded",
    );
    expect(card.text).toContain("reply to this email within 7 days of it");
    expect(card.text).toContain("Dispute within: 7 days of the lesson");
    const bundle = lessonNoShow({ student, instructor, lesson, paidWithBundle: true });
    expect(bundle.text).toContain("Kept: The lesson credit (it does not go back to your bundle)");
  });
});

describe("move proposed", () => {
  const proposal = (proposedBy: "INSTRUCTOR" | "ADMIN") =>
    moveProposed({
      proposalId: "p1",
      student,
      instructor,
      lesson,
      proposed: { startTime: new Date("2026-05-13T00:00:00Z"), endTime: new Date("2026-05-13T01:00:00Z") },
      proposedBy,
      note: null,
      lapsesAt: new Date("2026-05-11T00:00:00Z"),
    });
  const firstParagraph = (text: string) => text.split("\n").find((line) => line.includes("proposes")) ?? "";

  it("names the instructor once when they propose it, and as the lesson's instructor when Kerb does", () => {
    const byInstructor = firstParagraph(proposal("INSTRUCTOR").text);
    expect(byInstructor).toContain("Your instructor, Ivy Ng, proposes a new time for your lesson.");
    expect(byInstructor.split("Ivy Ng")).toHaveLength(2);
    expect(firstParagraph(proposal("ADMIN").text)).toContain(
      "Kerb's support team proposes a new time for your lesson with Ivy Ng.",
    );
  });
});
