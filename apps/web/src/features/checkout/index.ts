// What other features may use from checkout: the checkouts left open (held payments) and the saved booking
// draft, as the student's dashboard and lessons list offer them, and the pickup address field that spending
// credits asks for too, and paying a held checkout in demo mode (a test package's). Book again (issue 34)
// holds and pays one lesson through the same two calls as the wizard.

export { confirmBatchBooking, useConfirmHeldPayment } from "./api/confirm-batch-booking";
export { createBatchBooking } from "./api/create-batch-booking";
export { DiscardDraftDialog, ResumeBookingNotice } from "./components/booking-draft-prompts";
export { ExpiredDraftNotice } from "./components/expired-draft-notice";
export { HeldPaymentsCard } from "./components/held-payments";
export { PickupAddressField } from "./components/pickup-address-field";
export { useBookingDraftChoice } from "./hooks/use-booking-draft-choice";
export { draftHeldPaymentId } from "./model/draft-checkout";
export { heldPayments, isActiveHold } from "./model/held-payments";
