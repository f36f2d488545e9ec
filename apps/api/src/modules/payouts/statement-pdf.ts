/**
 * The payout statement as a PDF, styled as a recipient-created tax invoice (RCTI): Kerb, the recipient of
 * the instructor's lessons, issues it on the instructor's behalf. Layout only, with the shared pdfkit
 * helpers of lib/pdf; the amounts come from the payout (PayoutStatement).
 */
import { formatAbn, formatAud, RCTI_TITLE } from "@kerb/shared/rules";
import { GST_PERCENT, PLATFORM_FEE_PERCENT, payoutStatusLabels, plural } from "@kerb/shared/words";
import { SANS } from "../../lib/pdf/fonts.ts";
import {
  type Column,
  documentHeader,
  heading,
  headingRow,
  hr,
  labelledValue,
  row,
  totals,
} from "../../lib/pdf/layout.ts";
import { CONTENT_WIDTH, type Doc, footers, INK, MUTED, PAGE, startPdf } from "../../lib/pdf/page.ts";
import { printText } from "../../lib/pdf/text.ts";
import type { PayoutStatement } from "./statement.ts";

const LINE_COLUMNS: Column[] = [
  { width: 70, align: "left" },
  { width: CONTENT_WIDTH - 70 - 3 * 75, align: "left" },
  { width: 75, align: "right" },
  { width: 75, align: "right" },
  { width: 75, align: "right" },
];

const lineHeader = (doc: Doc) =>
  headingRow(doc, LINE_COLUMNS, ["Date", "Lesson", "Gross (ex GST)", "Platform fee", "Net"]);

// Written for the payee: a due payout is on its way, and a failed one will be tried again.
const STATUS_TEXT = {
  ...payoutStatusLabels,
  PENDING: "Being paid",
  FAILED: "Payment failed: Kerb will retry",
} satisfies typeof payoutStatusLabels;

function statementTitle(statement: Pick<PayoutStatement, "supplier">): string {
  // Only a GST-registered supplier's statement can be a tax invoice; otherwise it is a statement of payment.
  return statement.supplier.gstRegistered ? RCTI_TITLE : "Recipient-created payout statement";
}

export function renderStatementPdf(statement: PayoutStatement): Promise<Buffer> {
  const title = statementTitle(statement);
  const { doc, done } = startPdf({
    Title: `${title} ${statement.number}`,
    Author: statement.recipient.name,
    Subject: `Payout statement ${statement.number} for ${statement.supplier.name}`,
  });

  documentHeader(doc, {
    title,
    issuerLabel: "Issued by (recipient)",
    issuer: statement.recipient,
    isDemoAbn: statement.isDemoRecipient,
  });

  const half = CONTENT_WIDTH / 2;
  const metaTop = doc.y;
  labelledValue(doc, "Statement number", statement.number, PAGE.margin);
  labelledValue(doc, "Date of issue", statement.issuedOn, PAGE.margin);
  labelledValue(doc, "Period", `${statement.periodStart} to ${statement.periodEnd}`, PAGE.margin);
  labelledValue(
    doc,
    "Status",
    statement.paidOn
      ? `${STATUS_TEXT[statement.status]} on ${statement.paidOn}`
      : STATUS_TEXT[statement.status],
    PAGE.margin,
  );
  const leftBottom = doc.y;
  doc.y = metaTop;
  const right = PAGE.margin + half;
  const supplier = statement.supplier;
  labelledValue(doc, "Supplier (instructor)", supplier.name, right);
  doc.y -= doc.currentLineHeight() * 0.5;
  printText(doc.fontSize(10).fillColor(INK), supplier.email, right, doc.y, { width: half });
  doc.text(supplier.abn ? `ABN ${formatAbn(supplier.abn)}` : "ABN not provided", right, doc.y, {
    width: half,
  });
  doc.text(supplier.gstRegistered ? "Registered for GST" : "Not registered for GST", right, doc.y, {
    width: half,
  });
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, doc.y) + 10;

  heading(doc, "Lessons");
  lineHeader(doc);
  for (const line of statement.lines) {
    row(
      doc,
      LINE_COLUMNS,
      [
        { text: line.date },
        { text: line.description, detail: `${line.time} · ${line.student}` },
        { text: formatAud(line.grossCents) },
        { text: formatAud(line.feeCents) },
        { text: formatAud(line.amountCents) },
      ],
      { onNewPage: () => lineHeader(doc) },
    );
  }
  hr(doc);
  totals(doc, [
    {
      label: `Gross lesson value (ex GST), ${plural(statement.lines.length, "line")}`,
      cents: statement.grossCents,
    },
    { label: `Less Kerb platform fee (${PLATFORM_FEE_PERCENT})`, cents: -statement.feeCents },
    ...(supplier.gstRegistered
      ? [
          { label: "Taxable supply (your share, ex GST)", cents: statement.amountCents },
          { label: `GST (${GST_PERCENT})`, cents: statement.gstCents },
          { label: "Total paid to you (incl. GST)", cents: statement.totalCents, strong: true },
        ]
      : [{ label: "Net paid to you (GST not included)", cents: statement.totalCents, strong: true }]),
  ]);

  // The ATO's RCTI requirements: issued under a written agreement, current when issued, that says the
  // recipient issues the tax invoices and the supplier will not. The statement names that agreement.
  const agreement = statement.agreement
    ? `Issued under the ${statement.agreement.reference}` +
      (statement.agreement.acceptedOn
        ? `, accepted by the supplier on ${statement.agreement.acceptedOn}. `
        : ". ")
    : "";
  const gstNote = supplier.gstRegistered
    ? `${agreement}The recipient and the supplier agree that the recipient issues tax invoices for these supplies and ` +
      "the supplier will not issue tax invoices for them; the supplier will tell the recipient if they stop " +
      "being registered for GST. Lesson lines are shown excluding GST; GST is " +
      `${GST_PERCENT} of each line's net, rounded to the cent; a line taught while the supplier was not ` +
      "registered for GST carries none."
    : `${agreement}The supplier is not registered for GST: no GST is included in this payout and this statement is not a ` +
      "tax invoice.";
  doc
    .moveDown(0.6)
    .font(SANS)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${gstNote} Amounts are in Australian dollars; the platform fee and the net are rounded per lesson. ` +
        (statement.provider === "stripe"
          ? "Paid by Stripe transfer to your connected account."
          : "Demonstration mode: no money was transferred."),
      PAGE.margin,
      doc.y,
      { width: CONTENT_WIDTH },
    );

  footers(doc, `Payout statement ${statement.number}`);
  doc.end();
  return done;
}
