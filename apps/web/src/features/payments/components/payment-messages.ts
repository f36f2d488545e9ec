/** Result-screen wording per error code (spec §8 names the codes but not their wording). */
const PAYMENT_ERROR_MESSAGES: Record<string, string> = {
  verification_failed:
    "We couldn't confirm your payment status with the card provider. If you were charged, it will be refunded automatically.",
  payment_not_found: "We couldn't find this payment. Please check the link or start your booking again.",
  verification_error:
    "Something went wrong while verifying your payment. Please try again or contact support.",
  amount_mismatch:
    "The amount charged does not match the expected amount. Please contact support so we can put it right.",
};

const UNKNOWN_PAYMENT_ERROR =
  "An unknown error occurred while processing your payment. You have not been charged for lessons that weren't booked.";

export function paymentErrorMessage(code: string | null | undefined): string {
  return (code && PAYMENT_ERROR_MESSAGES[code]) || UNKNOWN_PAYMENT_ERROR;
}

export const LOAD_FAILED_TITLE = "Failed to load payment details";
