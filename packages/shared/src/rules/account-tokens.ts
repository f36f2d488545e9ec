/**
 * Single-use tokens sent by email: a password reset lives 1 hour, an email-change confirmation 24 hours
 * (the new inbox may be one the person checks less often). Used or expired, a token is worthless.
 */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_MINUTES = 24 * 60;
/** Reset emails one account may be sent in RESET_EMAIL_WINDOW_MINUTES: a form cannot flood an inbox. */
export const MAX_RESET_EMAILS_PER_WINDOW = 3;
export const RESET_EMAIL_WINDOW_MINUTES = 15;

export const ACCOUNT_TOKEN_PURPOSES = ["PASSWORD_RESET", "EMAIL_CHANGE"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const TTL_MINUTES: Record<AccountTokenPurpose, number> = {
  PASSWORD_RESET: PASSWORD_RESET_TTL_MINUTES,
  EMAIL_CHANGE: EMAIL_CHANGE_TTL_MINUTES,
};

export function accountTokenExpiresAt(purpose: AccountTokenPurpose, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + TTL_MINUTES[purpose] * 60_000);
}

/** Usable until the instant it expires (exclusive), and only once. */
export function isAccountTokenUsable(token: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return token.usedAt === null && now.getTime() < token.expiresAt.getTime();
}
