/**
 * The payments module's public entry: what other modules may call. Only this module writes the
 * payments table; the writes below check rules/payment-lifecycle.ts.
 */

export { createStripeClient } from "../../platform/card-provider/stripe-provider.ts";
export { describePayment, findReadablePayment, paymentDetails } from "./describe-payment.ts";
export { claimInvoiceNumber, newInvoiceNumber } from "./invoice-number.ts";
export {
  type AlongsideWrite,
  changePaymentStatus,
  expirePendingPayments,
  findPayer,
  findPayers,
  findPayment,
  findPaymentRefundState,
  insertPayment,
  listPaymentsOfLearner,
  lockPayment,
  markPaymentPaid,
  type NewPayment,
  type PaymentRow,
  setPaymentPayer,
  setPaymentProviderRef,
} from "./payments.repository.ts";
