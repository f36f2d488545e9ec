export { CancelBookingDialog } from "./components/cancel-booking-dialog";
