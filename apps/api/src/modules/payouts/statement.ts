/** A payout statement as both downloads print it; statement-assembly.ts assembles it, the renderers only lay it out. */
interface PayoutStatementLine {
  bookingId: string;
  /** DD/MM/YYYY, Sydney. */
  date: string;
  /** "9:00 am – 10:00 am", Sydney. */
  time: string;
  description: string;
  student: string;
  grossCents: number;
  feeCents: number;
  /** The instructor's share, ex GST: the taxable supply for a GST-registered instructor. */
  amountCents: number;
  gstCents: number;
}

export interface PayoutStatement {
  number: string;
  /** DD/MM/YYYY: when the payout was created. */
  issuedOn: string;
  /**
   * DD/MM/YYYY: from the Monday of the week paid, or the date of an earlier lesson the payout also pays,
   * to the Sunday of that week.
   */
  periodStart: string;
  periodEnd: string;
  /** Kerb, who creates the statement (the recipient of the instructor's services). */
  recipient: { name: string; abn: string };
  /** True while Kerb's ABN is the built-in demonstration number. */
  isDemoRecipient: boolean;
  /**
   * The RCTI agreement the statement was issued under ("…, version 2026-12") and when the supplier
   * accepted it (DD/MM/YYYY); null on payouts made before agreements were recorded.
   */
  agreement: { reference: string; acceptedOn: string | null } | null;
  /** The instructor: the supplier of the lessons. */
  supplier: { name: string; email: string; abn: string | null; gstRegistered: boolean };
  lines: PayoutStatementLine[];
  grossCents: number;
  feeCents: number;
  /** The share ex GST (the taxable supply), the GST on it (0 unless registered) and what is paid. */
  amountCents: number;
  gstCents: number;
  totalCents: number;
  status: "PENDING" | "PAID" | "FAILED";
  /** DD/MM/YYYY once paid. */
  paidOn: string | null;
  provider: "demo" | "stripe";
}
