/**
 * Every path of the web app, in one place: the web's links and routes, and every link the API builds to
 * the web app (emails, card-provider return URLs). Build links with these rather than string literals.
 */

function withQuery(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== false) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type RegisterRole = "student" | "instructor";

export type PaymentResultQuery = {
  payment_id?: string;
  session_id?: string;
  demo?: boolean;
  error?: string;
};

export const paths = {
  home: () => "/",
  /** Kerb's terms of use (with the instructor agreement) and privacy policy, readable signed out. */
  legal: {
    terms: () => "/terms",
    privacy: () => "/privacy",
    /** Where a signed-in user accepts a new version before going on to `returnTo`. */
    accept: (opts: { returnTo?: string } = {}) => withQuery("/legal/accept", { returnTo: opts.returnTo }),
  },
  auth: {
    /** `returnTo`: a path of this app to come back to after signing in (e.g. a payment's result page). */
    login: (opts: { returnTo?: string } = {}) => withQuery("/login", { returnTo: opts.returnTo }),
    register: (opts: { role?: RegisterRole } = {}) =>
      withQuery("/register", { role: opts.role === "instructor" ? "instructor" : undefined }),
    forgotPassword: () => "/forgot-password",
    /** The emailed link's page; `token` comes from the email, never from the app. */
    resetPassword: (opts: { token?: string } = {}) => withQuery("/reset-password", { token: opts.token }),
    confirmEmail: (opts: { token?: string } = {}) => withQuery("/confirm-email", { token: opts.token }),
  },
  student: {
    dashboard: () => "/student/dashboard",
    /** The booking wizard's entry point (spec §2). */
    book: (opts: { resume?: boolean } = {}) => withQuery("/student/book", { resume: opts.resume }),
    /** Where the booking flow and payment pages send students back to, optionally resuming a draft. */
    bookLessons: (opts: { resume?: boolean } = {}) =>
      withQuery("/student/book-lessons", { resume: opts.resume }),
    bundles: () => "/student/bundles",
    /** A driving-test package for a test booked with Service NSW (issue 33). */
    testPack: () => "/student/test-pack",
    /**
     * The slot step for a bundle's instructor in credit mode ("Use Bundle"). Not named useBundle: the
     * hooks lint reads any use* call as a React hook.
     */
    bookWithBundle: (bundleId: string) => `/student/bundles/${encodeURIComponent(bundleId)}/book`,
    /**
     * The student's lessons. `proposal` (with `answer`) is a move proposal's email link: the page shows
     * that proposal, ready to accept or decline (the student still presses the button: a link alone
     * changes nothing, as mail scanners open links).
     */
    bookings: (opts: { proposal?: string; answer?: "accept" | "decline" } = {}) =>
      withQuery("/student/bookings", { proposal: opts.proposal, answer: opts.answer }),
    /** That instructor's calendar, to move one lesson to another free slot of the same kind. */
    reschedule: (bookingId: string) => `/student/bookings/${encodeURIComponent(bookingId)}/reschedule`,
    /** Book again (issue 34): the same instructor, pickup and length as this lesson, next times first. */
    bookAgain: (bookingId: string) => `/student/bookings/${encodeURIComponent(bookingId)}/book-again`,
    payments: () => "/student/payments",
    /** `cardSetup` marks the return from saving a card on the provider's page (decision 041). */
    account: (opts: { cardSetup?: "return" | "cancel" } = {}) =>
      withQuery("/student/account", { card_setup: opts.cardSetup }),
    /** Their conversations; with an instructor's id, the conversation with them (the emailed link). */
    messages: (otherUserId?: string) =>
      otherUserId ? `/student/messages/${encodeURIComponent(otherUserId)}` : "/student/messages",
    /** What each lesson taught, every skill's level, what to work on next and the NSW logbook. */
    progress: () => "/student/progress",
    /**
     * Earlier-time alerts (issue 34): the learner's alerts and the form, optionally for one instructor
     * (from their profile or a lesson) with the last date to watch.
     */
    timeAlerts: (opts: { instructor?: string; before?: string } = {}) =>
      withQuery("/student/time-alerts", { instructor: opts.instructor, before: opts.before }),
    /** An alert email's link: the time it offers, with "Hold this time" (holding needs the button). */
    timeAlertOffer: (token: string) => `/student/time-alerts/offer/${encodeURIComponent(token)}`,
  },
  instructor: {
    dashboard: () => "/instructor/dashboard",
    availability: () => "/instructor/availability",
    lessons: () => "/instructor/lessons",
    /** `stripe` marks the return from Stripe's payout onboarding (finished, or its link expired). */
    earnings: (opts: { stripe?: "return" | "refresh" } = {}) =>
      withQuery("/instructor/earnings", { stripe: opts.stripe }),
    account: () => "/instructor/account",
    /** Their conversations; with a learner's id, the conversation with them (the emailed link). */
    messages: (otherUserId?: string) =>
      otherUserId ? `/instructor/messages/${encodeURIComponent(otherUserId)}` : "/instructor/messages",
  },
  /** A learner's parent or guardian (issue 23): their learners, and the invitation they accept. */
  guardian: {
    home: (opts: { learner?: string } = {}) => withQuery("/guardian", { learner: opts.learner }),
    accept: (opts: { token?: string } = {}) => withQuery("/guardian/accept", { token: opts.token }),
    /** `cardSetup` marks the return from saving a card on the provider's page (decision 041). */
    account: (opts: { cardSetup?: "return" | "cancel" } = {}) =>
      withQuery("/guardian/account", { card_setup: opts.cardSetup }),
  },
  /** The operator console: Users is its landing tab, the other sections are sub-routes. */
  admin: {
    root: () => "/admin",
    users: () => "/admin",
    instructors: () => "/admin/instructors",
    compliance: () => "/admin/compliance",
    bookings: () => "/admin/bookings",
    payments: () => "/admin/payments",
    refunds: () => "/admin/refunds",
    payouts: () => "/admin/payouts",
    outbox: () => "/admin/outbox",
    jobs: () => "/admin/jobs",
    revenue: () => "/admin/revenue",
    ledger: () => "/admin/ledger",
    auditLog: () => "/admin/audit-log",
    reviews: () => "/admin/reviews",
    closureRequests: () => "/admin/closure-requests",
    /** The pass promise's claims for a free second test package (issue 33). */
    passPromise: () => "/admin/pass-promise",
    /** One learner–instructor conversation, read when a dispute is raised (each read is audited). */
    messages: (opts: { studentId?: string; instructorId?: string } = {}) =>
      withQuery("/admin/messages", { studentId: opts.studentId, instructorId: opts.instructorId }),
  },
  /** Public pages about an instructor (no sign-in needed). */
  instructors: {
    profile: (instructorId: string) => `/instructors/${encodeURIComponent(instructorId)}`,
  },
  payment: {
    confirmed: (query: PaymentResultQuery = {}) => withQuery("/payment/confirmed", query),
    failed: (query: PaymentResultQuery = {}) => withQuery("/payment/failed", query),
    cancelled: (query: PaymentResultQuery = {}) => withQuery("/payment/cancelled", query),
  },
} as const;
