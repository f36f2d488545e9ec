/** Business constants of the product specification (§9). Money is in integer cents. */

export const SUBURBS = [
  "Bankstown",
  "Blacktown",
  "Bondi",
  "Chatswood",
  "Hornsby",
  "Liverpool",
  "Manly",
  "North Sydney",
  "Parramatta",
  "Penrith",
  "Sutherland",
  "Sydney CBD",
] as const;
export type Suburb = (typeof SUBURBS)[number];

export const SYDNEY_TZ = "Australia/Sydney";

/**
 * GUARDIAN: a parent or guardian following one or more learners (issue 23). Such an account only comes
 * from a learner's invitation: public registration offers STUDENT and INSTRUCTOR (spec §6).
 */
export const ROLES = ["STUDENT", "INSTRUCTOR", "ADMIN", "GUARDIAN"] as const;
export type Role = (typeof ROLES)[number];

export const LICENSE_TYPES = ["AUTOMATIC", "MANUAL"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const EXPERIENCE_LEVELS = ["NEVER_DRIVEN", "SOME_EXPERIENCE", "FAILED_TEST"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const VEHICLE_TYPES = ["AUTOMATIC", "MANUAL", "BOTH"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const GENDERS = ["MALE", "FEMALE", "OTHER"] as const;
export type Gender = (typeof GENDERS)[number];

export const BOOKING_STATUSES = [
  "PENDING_PAYMENT",
  "SCHEDULED",
  "COMPLETED",
  "NO_SHOW",
  "CANCELLED",
  "EXPIRED",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses that occupy an instructor's time (the exclusion constraint covers exactly these). */
export const ACTIVE_BOOKING_STATUSES = ["PENDING_PAYMENT", "SCHEDULED"] as const;

/**
 * A new time for a lesson proposed by its instructor or an admin: PROPOSED until the student accepts or
 * declines it, the proposer withdraws it (a new proposal, or the lesson cancelled or moved otherwise),
 * or it lapses (MOVE_PROPOSAL_LAPSE_HOURS before the lesson).
 */
export const MOVE_PROPOSAL_STATUSES = ["PROPOSED", "ACCEPTED", "DECLINED", "WITHDRAWN", "LAPSED"] as const;
export type MoveProposalStatus = (typeof MOVE_PROPOSAL_STATUSES)[number];
export const MOVE_PROPOSER_ROLES = ["INSTRUCTOR", "ADMIN"] as const;
export type MoveProposerRole = (typeof MOVE_PROPOSER_ROLES)[number];
/** A proposal may be accepted until this many hours before the lesson's present start. */
export const MOVE_PROPOSAL_LAPSE_HOURS = 24;

/** BUNDLE: lesson credits; BOOKINGS: held lessons (a test pack among them); TEST_PACK_CREDIT: one pack credit. */
export const PAYMENT_TYPES = ["BUNDLE", "BOOKINGS", "TEST_PACK_CREDIT"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_STATUSES = ["PENDING", "PAID", "FAILED", "CANCELLED", "EXPIRED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ["demo", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const VERIFICATION_STATUSES = ["PENDING", "VERIFIED", "REJECTED"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const MIN_PASSWORD_LENGTH = 4;
export const MIN_STANDARD_RATE_DOLLARS = 30;
export const MAX_STANDARD_RATE_DOLLARS = 200;
/**
 * A driving-test package's price, dollars ex GST (issue 33). A pack takes 2–3 hours of the instructor's
 * day (pick-up, the warm-up, the test, drop-off): about $60–$600 at the lesson rate bounds above; the
 * upper bound leaves room for a far centre. Whole cents, GST added as for lessons.
 */
export const MIN_TEST_PACKAGE_PRICE_DOLLARS = 60;
export const MAX_TEST_PACKAGE_PRICE_DOLLARS = 900;
/** The warm-up lesson a pack may include, just before the test. */
export const TEST_PACKAGE_WARM_UP_MINUTES = 60;
/**
 * The test itself in the pack's plan: a NSW car driving test takes about 45 minutes with its checks; the
 * instructor waits at the centre and hears the result, so an hour of their day is kept for it.
 */
export const TEST_PACKAGE_TEST_MINUTES = 60;
/** How long before the test time the learner is at the centre (Service NSW asks for early arrival). */
export const TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES = 15;
/**
 * A driving-test package's own cancellation tiers (rules/test-pack-cancellation.ts), counted back from
 * the pick-up: a full refund (or the test-pack credit back) at this much notice or more…
 */
export const TEST_PACK_FULL_REFUND_NOTICE_HOURS = 168;
/** …half (a credit cannot be split: it stays used) from here up to the full tier, nothing later. */
export const TEST_PACK_HALF_REFUND_NOTICE_HOURS = 48;
/** What the instructor records after the test day (issue 33). */
export const TEST_PACK_OUTCOMES = ["PASSED", "FAILED", "NOT_TAKEN"] as const;
export type TestPackOutcome = (typeof TEST_PACK_OUTCOMES)[number];
/** Where a test-pack credit came from: bought in advance, or the pass promise's second pack. */
export const TEST_PACK_CREDIT_SOURCES = ["PURCHASE", "PASS_PROMISE"] as const;
export type TestPackCreditSource = (typeof TEST_PACK_CREDIT_SOURCES)[number];
/**
 * A test-pack credit bought in advance, in cents ex GST (GST 10% on top): one Kerb price, not an
 * instructor's, because the credit books a pack with any instructor who offers them
 * (docs/decisions/040-test-pack-credit-purchase.md). It is what the pack it pays for is worth, as a bundle
 * lesson is worth its bundle's price: the instructor earns their share of it.
 */
export const TEST_PACK_CREDIT_PRICE_CENTS = 25_000;
/** A pass-promise claim's course: an admin approves (a credit is issued) or declines it. */
export const TEST_PACK_CLAIM_STATUSES = ["PENDING", "APPROVED", "DECLINED"] as const;
export type TestPackClaimStatus = (typeof TEST_PACK_CLAIM_STATUSES)[number];
/** The pass promise: a learner who completed at least this many lessons and a pack, and failed, may claim. */
export const PASS_PROMISE_MIN_LESSONS = 10;
export const MIN_LESSON_COUNT = 1;
export const MAX_LESSON_COUNT = 50;

export const PLATFORM_FEE_RATE = 0.25;
export const INSTRUCTOR_SHARE = 0.75;
export const GST_RATE = 0.1;
export const POOL_PRICE_FACTOR = 0.65;

export const LESSON_MINUTES = 60;
/**
 * The lesson lengths an instructor may offer, in minutes: every instructor offers the standard
 * LESSON_MINUTES, and may also offer the longer ones (rules/lesson-lengths.ts).
 */
export const LESSON_LENGTHS = [60, 90, 120] as const;
export type LessonLength = (typeof LESSON_LENGTHS)[number];
export const HOLD_MINUTES = 30;
export const MIN_LEAD_TIME_MINUTES = 120;
export const CALENDAR_DAYS = 30;

/**
 * An instructor's scheduling settings (rules/scheduling.ts). The buffer is kept free between two
 * lessons on top of the travel between their suburbs; the notice is how long before a lesson it can
 * still be booked (never less than the platform's MIN_LEAD_TIME_MINUTES); the cap is the most lessons
 * a day (none by default).
 */
export const TRAVEL_BUFFER_MAX_MINUTES = 60;
export const DEFAULT_TRAVEL_BUFFER_MINUTES = 0;
export const MIN_NOTICE_HOURS = MIN_LEAD_TIME_MINUTES / 60;
export const MAX_NOTICE_HOURS = 168;
export const DEFAULT_MIN_NOTICE_HOURS = MIN_NOTICE_HOURS;
export const MAX_DAILY_LESSON_CAP = 12;
/** The longest leave taken in one action, in days (first and last day included). */
export const LEAVE_MAX_DAYS = 90;
/** Lessons can be booked from today (Sydney) up to this many days after it: rules/booking-window.ts. */
export const BOOKING_HORIZON_DAYS = 30;
/** The longest availability query: the whole booking horizon, today included. */
export const MAX_RANGE_DAYS = BOOKING_HORIZON_DAYS + 1;
export const BUNDLE_VALIDITY_MONTHS = 12;

/** Cancellation policy (spec §9 invoice terms): notice before the lesson's start. */
export const FULL_REFUND_NOTICE_HOURS = 48;
export const HALF_REFUND_NOTICE_HOURS = 24;
/** The share of the price refunded with between HALF_ and FULL_REFUND_NOTICE_HOURS of notice. */
export const HALF_REFUND_SHARE = 0.5;
export const RESCHEDULE_NOTICE_HOURS = 24;
/**
 * How long after a lesson a student marked a no-show may dispute it (the no-show email says so): long
 * enough to notice the email, short enough that the instructor still remembers the day.
 */
export const NO_SHOW_DISPUTE_DAYS = 7;

export const DRAFT_LIFETIME_MINUTES = 120;
export const DRAFT_WARNING_MINUTES = 90;
export const KEEPALIVE_SECONDS = 30;
export const DEMO_PAYMENT_DELAY_MS = 2000;

export const FOCUS_SKILLS = [
  "Parallel Parking",
  "Highway Driving",
  "City Traffic",
  "Night Driving",
  "Reverse Parking",
  "Hill Starts",
  "Roundabouts",
  "Test Preparation",
] as const;

/** How far a learner is with a skill, as the instructor records it after a lesson (issue 23). */
export const SKILL_LEVELS = ["INTRODUCED", "PRACTISING", "COMPETENT"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
/** A lesson record names 1 to this many skills (each once) and a note of at most this many characters. */
export const LESSON_RECORD_MAX_SKILLS = FOCUS_SKILLS.length;
export const LESSON_RECORD_NOTE_MAX_LENGTH = 500;
/** The youngest a learner's date of birth may make them (NSW learner licences start at 16). */
export const MIN_LEARNER_AGE = 15;

/** A guardian invitation: INVITED until the guardian accepts (ACTIVE); REMOVED by the learner at any time. */
export const GUARDIAN_LINK_STATUSES = ["INVITED", "ACTIVE", "REMOVED"] as const;
/** How long a guardian invitation can be accepted. */
export const GUARDIAN_INVITATION_DAYS = 14;

/** The longest message a learner and an instructor may send each other (plain text). */
export const MESSAGE_MAX_LENGTH = 1000;
/**
 * How many messages one person may send in MESSAGE_RATE_WINDOW_MINUTES, across all their conversations:
 * plenty for pickup details and "running late", too few to flood anyone's inbox.
 */
export const MESSAGE_RATE_LIMIT = 20;
export const MESSAGE_RATE_WINDOW_MINUTES = 10;
/**
 * A message still unread this long after it was sent is emailed to its recipient, together with their
 * other unread ones: a quick back-and-forth in the app sends no email at all.
 */
export const MESSAGE_EMAIL_DELAY_MINUTES = 5;

/** The durable card-refund queue: a refund is PENDING until the provider has accepted it. */
export const REFUND_STATUSES = ["PENDING", "SUCCEEDED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_REASONS = [
  "LESSON_CANCELLED",
  "UNFULFILLED_PAYMENT",
  "NO_SHOW_DISPUTE",
  /** A lesson taught while its instructor could not teach, refunded by an admin (rules/teaching-stops.ts). */
  "HELD_LESSON",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** How a cancelled lesson's value goes back to the student (rules/cancellation.ts `RefundMethod`). */
export const REFUND_METHODS = ["CARD", "CREDIT", "NONE"] as const;

/**
 * Every kind of email Kerb sends (the outbox's `kind`): for the admin Outbox page, filters and tests.
 * Labels: words/labels.ts `emailKindLabels`, which must name each one.
 */
export const EMAIL_KINDS = [
  "booking_confirmed",
  "bundle_purchased",
  "lesson_cancelled",
  "lesson_rescheduled",
  "lesson_reminder",
  "mark_lesson",
  "documents_expiring",
  "password_reset",
  "password_changed",
  "email_change_confirm",
  "email_changed",
  "instructor_verified",
  "instructor_delisted",
  "instructor_unavailable",
  "lesson_no_show",
  "lesson_clash",
  "lesson_clash_resolved",
  "move_proposed",
  "move_proposal_answered",
  "move_proposal_withdrawn",
  "new_messages",
  "guardian_invited",
  "payer_receipt",
  "lesson_recorded",
  "held_lesson_refunded",
  "instructor_welcome",
  "payout_waiting",
  /** An admin approved or declined a learner's pass-promise claim (issue 33). */
  "pass_promise_decided",
  /** A time opened that matches a learner's earlier-time alert (issue 34): a link to hold it. */
  "time_alert_opening",
  /** A learner's earlier-time alert ended because its instructor stopped teaching there (issue 34). */
  "time_alert_ended",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The supplier printed on tax invoices. Overridden by `SUPPLIER_NAME` / `SUPPLIER_ABN`; the default ABN
 * is a clearly marked demonstration number, never a real business's.
 */
export const DEFAULT_SUPPLIER_NAME = "Kerb Driving Pty Ltd";
export const DEMO_SUPPLIER_ABN = "00 000 000 000 (demo ABN)";

/**
 * The header that makes a purchase or a move happen once however often its request is sent. Here, not
 * beside its schema, so the web's API client reads it without loading zod into every page's first load.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** A weekly lesson (issue 34): the same weekday and Sydney time with one instructor, 2 to 12 weeks. */
export const WEEKLY_SERIES_MIN_WEEKS = 2;
export const WEEKLY_SERIES_MAX_WEEKS = 12;
/** A week that cannot be had is offered other times up to this many days either side of its date. */
export const WEEKLY_SERIES_ALTERNATIVE_DAYS = 3;
/** At most this many other times are offered for a week that cannot be had. */
export const WEEKLY_SERIES_MAX_ALTERNATIVES = 4;
/**
 * Earlier-time alerts (issue 34, decision 044): a learner asks to be told when a time frees up with an
 * instructor (or any in their suburb) within a window of Sydney dates.
 */
/** The longest window an alert may watch, in days (first to last date inclusive). */
export const TIME_ALERT_MAX_WINDOW_DAYS = 60;
/** Alerts a learner may have active at once. */
export const TIME_ALERT_MAX_ACTIVE = 5;
/** An alert emails at most once in this many hours. */
export const TIME_ALERT_QUIET_HOURS = 24;
/** How long an emailed link to hold a time stays usable. */
export const TIME_ALERT_LINK_HOURS = 24;
/** The most opened times one email offers. */
export const TIME_ALERT_TIMES_PER_EMAIL = 3;
export const TIME_ALERT_STATUSES = ["ACTIVE", "ENDED"] as const;
export type TimeAlertStatus = (typeof TIME_ALERT_STATUSES)[number];
/**
 * Why an alert ended: the learner ended it, its window passed, its instructor stopped teaching (there),
 * or the learner held a time it offered.
 */
export const TIME_ALERT_END_REASONS = [
  "LEARNER",
  "WINDOW_PASSED",
  "INSTRUCTOR_UNAVAILABLE",
  "TIME_HELD",
] as const;
export type TimeAlertEndReason = (typeof TIME_ALERT_END_REASONS)[number];
