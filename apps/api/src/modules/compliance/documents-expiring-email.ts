/** Documents about to expire: to the instructor, one message per document and expiry date. */
import { paths } from "@kerb/shared/paths";
import { formatIsoDate } from "@kerb/shared/rules";
import { plural } from "@kerb/shared/words";
import { brandedEmail, link, type Person, type RenderedEmail } from "../notifications/index.ts";

export type ComplianceDocument = "LICENCE" | "WWC";

const DOCUMENT_NAMES: Record<ComplianceDocument, string> = {
  LICENCE: "driving instructor licence",
  WWC: "Working With Children Check",
};

interface DocumentsExpiringData {
  instructor: Person;
  document: ComplianceDocument;
  /** Sydney calendar date YYYY-MM-DD. */
  expiresOn: string;
  daysLeft: number;
  appUrl?: string;
}

export function documentExpiring(data: DocumentsExpiringData): RenderedEmail {
  const name = DOCUMENT_NAMES[data.document];
  const url = link(data.appUrl, paths.instructor.dashboard());
  return brandedEmail({
    subject: `Your ${name} expires on ${formatIsoDate(data.expiresOn)}`,
    greeting: `Hi ${data.instructor.firstName},`,
    paragraphs: [
      `Your ${name} expires in ${plural(data.daysLeft, "day")}, on ${formatIsoDate(data.expiresOn)}.`,
      "Students can only book instructors whose documents are current: once it lapses you are hidden from bookings until Kerb records the renewed document. Please renew it and send us the new expiry date.",
    ],
    details: [
      ["Document", name],
      ["Expires on", formatIsoDate(data.expiresOn)],
    ],
    ...(url ? { action: { label: "Check my compliance", url } } : {}),
    footnote: "You received this email because you teach on Kerb.",
  });
}
