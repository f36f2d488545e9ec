/** slot_unavailable when the clash is the learner's own lesson (nobody drives two cars at once). */
export const OWN_LESSON_CLASH_MESSAGE = "You already have a lesson at one of the chosen times";

/**
 * The error codes the API answers with, and the HTTP status each maps to.
 * Clients switch on `code`; `message` is for people.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  invalid_suburb: 400,
  invalid_range: 400,
  slot_in_past: 400,
  duplicate_slot: 400,
  instructor_not_in_suburb: 400,
  invalid_bundle: 400,
  amount_mismatch: 400,
  /** Password reset link unknown, already used or older than 1 h (rules/account-tokens.ts). */
  invalid_reset_token: 400,
  /** Email-change confirmation link unknown, already used or expired. */
  invalid_email_change_token: 400,
  /** Changing the password or email while signed in: the current password given is wrong. */
  invalid_current_password: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  forbidden: 403,
  /** Sign-in or refresh of an account an admin suspended: it stays refused until reactivated. */
  account_suspended: 403,
  not_found: 404,
  payment_not_found: 404,
  /** A saved card that is not the caller's, or that they removed (decision 041). */
  card_not_found: 404,
  conflict: 409,
  email_taken: 409,
  /** A guardian invitation to an address whose account is a learner's, instructor's or admin's. */
  not_a_guardian_account: 409,
  slot_unavailable: 409,
  hold_expired: 409,
  invalid_state: 409,
  /** Rescheduling closes 24 h before the lesson (rules/cancellation.ts canReschedule). */
  reschedule_window_closed: 409,
  /** A lesson moves only to a slot of the same kind: pool hours to pool hours, standard to standard. */
  reschedule_kind_mismatch: 409,
  /** A new time is proposed for a lesson only while it is more than 24 h away (rules/move-proposals.ts). */
  proposal_window_closed: 409,
  /** A move proposal answered after it lapsed, 24 h before the lesson (rules/move-proposals.ts). */
  proposal_lapsed: 409,
  /** Spending more bundle credits than are left (all or nothing: none were spent). */
  insufficient_credits: 409,
  /** A bundle's credits lapse 12 months after purchase (BUNDLE_VALIDITY_MONTHS). */
  bundle_expired: 409,
  /** The bundle's instructor may no longer be booked: move the credits to another instructor. */
  instructor_unavailable: 409,
  /** A lesson is reviewed once (rules/reviews.ts). */
  already_reviewed: 409,
  /** Only a COMPLETED lesson can be reviewed. */
  lesson_not_completed: 409,
  /** Reviews close REVIEW_WINDOW_DAYS after the lesson ends. */
  review_window_closed: 409,
  /** A test outcome asked of a lesson that is not a driving-test package (issue 33). */
  not_a_test_pack: 409,
  /** A pass-promise claim the rules refuse (rules/test-pack-outcomes.ts): details.reason says which. */
  pass_promise_refused: 409,
  /** A pass-promise claim already approved or declined: each is decided once. */
  claim_decided: 409,
  /** A repeat of a request whose Idempotency-Key is still being answered, waited on for too long. */
  request_in_progress: 409,
  /** An emailed link used after it lapsed (an earlier-time alert's offer: TIME_ALERT_LINK_HOURS). */
  link_expired: 410,
  /** An Idempotency-Key already used by this caller for another request (another body or record). */
  idempotency_key_reused: 422,
  /** Node gave up waiting for the whole request (server requestTimeout). */
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The request line and headers (a very long URL, say) exceed Node's 16 KB limit. */
  headers_too_large: 431,
  rate_limited: 429,
  /** Sign-in: this address has failed for this account too often; wait Retry-After seconds. */
  too_many_attempts: 429,
  too_many_holds: 429,
  verification_failed: 402,
  /**
   * A saved card the provider declined off-session, or that needs the cardholder present (3-D Secure)
   * where no hosted fallback is offered: nothing was booked, the holds were released; pay on-session.
   */
  card_declined: 402,
  verification_error: 502,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;
