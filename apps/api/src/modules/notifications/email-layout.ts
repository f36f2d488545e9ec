/**
 * Renders what a message says (`EmailContent`) into Kerb's branded email: the React Email layout of
 * email/branded-email.tsx as HTML, and the same markup read back as plain text.
 *
 * Rendered synchronously with react-dom/server rather than @react-email/render's `render`, which is
 * async: messages are built inside the caller's unit of work (`uow.email(...)`) by synchronous
 * functions everywhere, and the layout has nothing to wait for (no Suspense, no Tailwind). The document
 * is the one `render` writes (its XHTML doctype); the text comes from its `toPlainText`.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { EmailContent, RenderedEmail } from "../../platform/email-content.ts";
import { BrandedEmail } from "./email/branded-email.tsx";
import { emailText } from "./email/plain-text.ts";

export type { EmailContent, RenderedEmail } from "../../platform/email-content.ts";

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Renders content into a subject, a plain-text body and an HTML body that say the same thing. */
export function brandedEmail(content: EmailContent): RenderedEmail {
  const html = DOCTYPE + renderToStaticMarkup(createElement(BrandedEmail, { content }));
  return { subject: content.subject, text: emailText(html), html };
}
