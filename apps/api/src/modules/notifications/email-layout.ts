/**
 * Kerb's email look: one branded layout that every message goes through, as HTML (inline styles,
 * since mail clients drop stylesheets) and as plain text with the same words.
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailContent {
  subject: string;
  /** The first line: "Hi Sam," */
  greeting: string;
  /** Paragraphs of plain text; they are escaped for HTML. */
  paragraphs: string[];
  /** Label/value rows shown as a small table (lesson time, instructor, refund…). */
  details?: Array<[label: string, value: string]>;
  /** One call to action: a button in HTML, a bare link in text. */
  action?: { label: string; url: string };
  /** A closing line under everything else, e.g. why they received it. */
  footnote?: string;
}

const BRAND = "#0b6e4f";
const INK = "#1f2937";
const MUTED = "#4b5563";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function renderText(content: EmailContent): string {
  const lines = [content.greeting, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  if (content.details?.length) {
    for (const [label, value] of content.details) lines.push(`${label}: ${value}`);
    lines.push("");
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, "");
  lines.push("— Kerb, driving lessons with certified instructors");
  if (content.footnote) lines.push("", content.footnote);
  return `${lines.join("\n")}\n`;
}

function renderHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;color:${INK};font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join("");
  const details = content.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:${MUTED};font-size:14px;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
            `<td style="padding:6px 0;color:${INK};font-size:14px;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = content.action
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const footnote = content.footnote
    ? `<p style="margin:16px 0 0;color:${MUTED};font-size:12px;line-height:1.5">${escapeHtml(content.footnote)}</p>`
    : "";
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:24px 12px">
<table role="presentation" style="max-width:560px;margin:0 auto;width:100%;border-collapse:collapse;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.5px">Kerb</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px;color:${INK};font-size:16px">${escapeHtml(content.greeting)}</p>
${paragraphs}${details}${action}
<p style="margin:0;color:${MUTED};font-size:14px">— Kerb, driving lessons with certified instructors</p>
${footnote}
</td></tr></table></td></tr></table></body></html>`;
}

/** Renders content into a subject, a plain-text body and an HTML body that say the same thing. */
export function brandedEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
