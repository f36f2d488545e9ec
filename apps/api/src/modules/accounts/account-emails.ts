/**
 * The account messages: password reset, "your password was changed", confirming a new email address,
 * and telling the old address that the email was changed. Links carry the token; nothing else secret.
 */
import { EMAIL_CHANGE_TTL_MINUTES, PASSWORD_RESET_TTL_MINUTES } from "@kerb/shared/rules";
import { brandedEmail, type OutboxEmail } from "../notifications/index.ts";

type Recipient = { email: string; firstName: string; lastName?: string };
type AccountEmail = Omit<OutboxEmail, "now">;

const SUPPORT_LINE =
  "If you did not ask for this, you can ignore this email: nothing changes until the link is used.";

function to(recipient: Recipient) {
  return { email: recipient.email, name: `${recipient.firstName} ${recipient.lastName ?? ""}`.trim() };
}

export function passwordResetEmail(recipient: Recipient, url: string): AccountEmail {
  return {
    kind: "password_reset",
    to: to(recipient),
    ...brandedEmail({
      subject: "Reset your Kerb password",
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [
        "Someone (hopefully you) asked to reset the password of your Kerb account.",
        `The link below works once, for ${PASSWORD_RESET_TTL_MINUTES / 60} hour. Resetting your password signs you out on every device.`,
      ],
      action: { label: "Choose a new password", url },
      footnote: SUPPORT_LINE,
    }),
  };
}

export function passwordChangedEmail(recipient: Recipient, changedAt: string): AccountEmail {
  return {
    kind: "password_changed",
    to: to(recipient),
    ...brandedEmail({
      subject: "Your Kerb password was changed",
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [
        "The password of your Kerb account was just changed, and every other device was signed out.",
        'If this was not you, use "Forgot password?" on the login page straight away to choose a new one.',
      ],
      details: [["Changed", changedAt]],
    }),
  };
}

export function emailChangeConfirmEmail(recipient: Recipient, newEmail: string, url: string): AccountEmail {
  return {
    kind: "email_change_confirm",
    to: { email: newEmail, name: to(recipient).name },
    ...brandedEmail({
      subject: "Confirm your new Kerb email address",
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [
        "Please confirm that you want to use this address for your Kerb account.",
        `Until you do, your account keeps its current address. The link works once, for ${EMAIL_CHANGE_TTL_MINUTES / 60} hours.`,
      ],
      details: [["New email", newEmail]],
      action: { label: "Confirm new email", url },
      footnote: SUPPORT_LINE,
    }),
  };
}

export function emailChangedEmail(recipient: Recipient, newEmail: string): AccountEmail {
  return {
    kind: "email_changed",
    to: to(recipient),
    ...brandedEmail({
      subject: "Your Kerb email address was changed",
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [
        "Your Kerb account now signs in and receives its emails at a new address.",
        "If this was not you, contact Kerb support at once: the old address no longer signs in.",
      ],
      details: [["New email", newEmail]],
    }),
  };
}
