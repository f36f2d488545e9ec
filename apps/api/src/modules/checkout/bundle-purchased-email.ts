/** The bundle purchase confirmation, to the student who bought it. */
import { paths } from "@kerb/shared/paths";
import { formatConsumerPrice, formatSydneyDate, fullName } from "@kerb/shared/rules";
import { BUNDLE_CREDIT_TERMS } from "@kerb/shared/words";
import { brandedEmail, link, type Person, type RenderedEmail, withGst } from "../notifications/index.ts";

interface BundlePurchasedData {
  student: Person;
  instructor: Person | null;
  /** A guardian who bought the bundle for the learner (issue 30); null when the learner bought it. */
  boughtBy: Person | null;
  totalLessons: number;
  pricePerLessonCents: number;
  suburb: string | null;
  amountCents: number;
  gstCents: number;
  invoiceNumber: string;
  expiresAt: Date;
  appUrl?: string;
}

export function bundlePurchased(data: BundlePurchasedData): RenderedEmail {
  const url = link(data.appUrl, paths.student.bundles());
  const details: Array<[string, string]> = [
    // A consumer price (ACL s 48): what a lesson costs with GST first, the ex-GST part beside it.
    ["Bundle", `${data.totalLessons} lessons at ${formatConsumerPrice(data.pricePerLessonCents, " each")}`],
  ];
  if (data.instructor)
    details.push(["Instructor", `${data.instructor.firstName} ${data.instructor.lastName}`]);
  if (data.suburb) details.push(["Suburb", data.suburb]);
  if (data.boughtBy) details.push(["Bought for you by", fullName(data.boughtBy)]);
  details.push(
    ["Paid", withGst(data.amountCents, data.gstCents)],
    ["Invoice", data.invoiceNumber],
    ["Credits valid until", formatSydneyDate(data.expiresAt)],
  );
  return brandedEmail({
    subject: `Your ${data.totalLessons}-lesson bundle is ready`,
    greeting: `Hi ${data.student.firstName},`,
    paragraphs: [
      `${data.boughtBy ? `${fullName(data.boughtBy)} bought you a ${data.totalLessons}-lesson bundle.` : `Thanks for buying a ${data.totalLessons}-lesson bundle.`} A credit is one hour of lessons: a 60-minute lesson uses 1 credit and a 2-hour lesson 2, with nothing more to pay.`,
      `Your credits can be used until ${formatSydneyDate(data.expiresAt)}.`,
      BUNDLE_CREDIT_TERMS.join(" "),
    ],
    details,
    ...(url ? { action: { label: "Book with my bundle", url } } : {}),
    footnote: data.boughtBy
      ? `You received this email because ${fullName(data.boughtBy)} bought you a lesson bundle on Kerb.`
      : "You received this email because you bought a lesson bundle on Kerb.",
  });
}
