import { describe, expect, it } from "vitest";
import { paths } from "./paths.ts";

describe("paths", () => {
  it("builds the fixed pages", () => {
    expect(paths.student.bookings()).toBe("/student/bookings");
    expect(paths.instructor.lessons()).toBe("/instructor/lessons");
    expect(paths.admin.outbox()).toBe("/admin/outbox");
    expect(paths.guardian.account()).toBe("/guardian/account");
  });

  it("adds only the query values that are set, encoded", () => {
    expect(paths.student.book()).toBe("/student/book");
    expect(paths.student.book({ resume: true })).toBe("/student/book?resume=true");
    expect(paths.student.book({ resume: false })).toBe("/student/book");
    expect(paths.auth.resetPassword({ token: "a+b/c=" })).toBe("/reset-password?token=a%2Bb%2Fc%3D");
    expect(paths.payment.cancelled({ payment_id: "p1" })).toBe("/payment/cancelled?payment_id=p1");
    expect(paths.instructor.earnings({ stripe: "return" })).toBe("/instructor/earnings?stripe=return");
    expect(paths.guardian.accept({ token: "t-1" })).toBe("/guardian/accept?token=t-1");
    expect(paths.guardian.home({ learner: "l1" })).toBe("/guardian?learner=l1");
  });

  it("encodes ids in path segments", () => {
    expect(paths.student.reschedule("a/b")).toBe("/student/bookings/a%2Fb/reschedule");
    expect(paths.student.bookAgain("a/b")).toBe("/student/bookings/a%2Fb/book-again");
    expect(paths.instructors.profile("x y")).toBe("/instructors/x%20y");
  });
});
