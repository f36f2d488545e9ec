/**
 * Kerb's recipient-created tax invoice agreement, as the instructor reads and accepts it. The clauses are
 * those the ATO asks of an RCTI agreement (rules/rcti.ts): the parties and their ABNs, the supplies it
 * covers, that Kerb issues the tax invoices, that the instructor will not, that each tells the other of a
 * change in GST registration or ABN, and its term. A changed clause needs a new RCTI_AGREEMENT_VERSION.
 */
import { formatAbn } from "../rules/abn.ts";
import { RCTI_AGREEMENT_VERSION } from "../rules/rcti.ts";

export interface RctiAgreementParties {
  recipient: { name: string; abn: string };
  supplier: { name: string; abn: string | null; gstRegistered: boolean };
}

export const RCTI_AGREEMENT_NAME = "Recipient-created tax invoice agreement";

/** "Kerb's recipient-created tax invoice agreement, version 2026-12": how an RCTI names it. */
export function rctiAgreementReference(version: string = RCTI_AGREEMENT_VERSION): string {
  return `${RCTI_AGREEMENT_NAME}, version ${version}`;
}

/** The agreement's clauses, in order, filled in with both parties. */
export function rctiAgreementClauses(parties: RctiAgreementParties): string[] {
  const { recipient, supplier } = parties;
  const supplierAbn = supplier.abn ? `ABN ${formatAbn(supplier.abn)}` : "ABN not yet given";
  return [
    `Parties. ${recipient.name} (ABN ${formatAbn(recipient.abn)}), the recipient, and ${supplier.name} (${supplierAbn}), the supplier.`,
    "Supplies covered. The driving lessons the supplier teaches to learners booked through Kerb, and late cancellations and no-shows Kerb pays the supplier for.",
    `Kerb issues the tax invoices. ${recipient.name} will issue a recipient-created tax invoice for each of those supplies, within 28 days of the lesson, and give the supplier a copy with the payout statement.`,
    "The supplier will not issue tax invoices for the supplies this agreement covers.",
    `GST registration. ${recipient.name} is registered for GST. The supplier is ${supplier.gstRegistered ? "registered" : "not registered"} for GST. Each party will tell the other straight away if its GST registration starts, stops or changes, or its ABN changes; the supplier does so by updating their payout details in Kerb.`,
    "Term. This agreement starts when the supplier accepts it and continues until either party ends it in writing, Kerb replaces it with a new version, or the supplier's ABN or GST registration changes; in each case no further recipient-created tax invoices are issued until a new agreement is accepted.",
  ];
}
