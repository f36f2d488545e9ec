import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { RequireRole } from "./guards";
import { RootLayout } from "./layout/root-layout";
import { NotFoundPage } from "./routes/not-found-page";
import { RouteErrorPage } from "./routes/route-error-page";

// Every screen is its own chunk: a learner landing on / downloads no dashboard or form code.
const home = () => import("@/features/home/routes/home-page").then((m) => ({ Component: m.HomePage }));
const login = () => import("@/features/auth/routes/login-page").then((m) => ({ Component: m.LoginPage }));
const register = () =>
  import("@/features/auth/routes/register-page").then((m) => ({ Component: m.RegisterPage }));
const forgotPassword = () =>
  import("@/features/accounts/routes/forgot-password-page").then((m) => ({
    Component: m.ForgotPasswordPage,
  }));
const resetPassword = () =>
  import("@/features/accounts/routes/reset-password-page").then((m) => ({ Component: m.ResetPasswordPage }));
const confirmEmail = () =>
  import("@/features/accounts/routes/confirm-email-page").then((m) => ({ Component: m.ConfirmEmailPage }));
const studentAccount = () =>
  import("@/features/accounts/routes/student-account-page").then((m) => ({
    Component: m.StudentAccountPage,
  }));
const instructorAccount = () =>
  import("@/features/accounts/routes/instructor-account-page").then((m) => ({
    Component: m.InstructorAccountPage,
  }));
const studentDashboard = () =>
  import("@/features/student/routes/student-dashboard-page").then((m) => ({
    Component: m.StudentDashboardPage,
  }));
const studentBookings = () =>
  import("@/features/lessons/routes/student-bookings-page").then((m) => ({
    Component: m.StudentBookingsPage,
  }));
const studentBundles = () =>
  import("@/features/credits/routes/student-bundles-page").then((m) => ({ Component: m.StudentBundlesPage }));
const studentPayments = () =>
  import("@/features/receipts/routes/student-payments-page").then((m) => ({
    Component: m.StudentPaymentsPage,
  }));
const studentProgress = () =>
  import("@/features/learning/routes/student-progress-page").then((m) => ({
    Component: m.StudentProgressPage,
  }));
const bookLessons = () =>
  import("@/features/checkout/routes/book-lessons-page").then((m) => ({ Component: m.BookLessonsPage }));
const bookTestPack = () =>
  import("@/features/test-packages/routes/book-test-pack-page").then((m) => ({
    Component: m.BookTestPackPage,
  }));
const timeAlerts = () =>
  import("@/features/time-alerts/routes/time-alerts-page").then((m) => ({ Component: m.TimeAlertsPage }));
const timeAlertOffer = () =>
  import("@/features/time-alerts/routes/time-alert-offer-page").then((m) => ({
    Component: m.TimeAlertOfferPage,
  }));
const bundleCredits = () =>
  import("@/features/credits/routes/use-bundle-page").then((m) => ({ Component: m.UseBundlePage }));
const rescheduleLesson = () =>
  import("@/features/lessons/routes/reschedule-page").then((m) => ({ Component: m.ReschedulePage }));
const bookAgain = () =>
  import("@/features/book-again/routes/book-again-page").then((m) => ({ Component: m.BookAgainPage }));
const instructorDashboard = () =>
  import("@/features/instructor/routes/instructor-dashboard-page").then((m) => ({
    Component: m.InstructorDashboardPage,
  }));
const instructorAvailability = () =>
  import("@/features/availability/routes/instructor-availability-page").then((m) => ({
    Component: m.InstructorAvailabilityPage,
  }));
const instructorLessons = () =>
  import("@/features/lessons/routes/instructor-lessons-page").then((m) => ({
    Component: m.InstructorLessonsPage,
  }));
const instructorEarnings = () =>
  import("@/features/payouts/routes/instructor-earnings-page").then((m) => ({
    Component: m.InstructorEarningsPage,
  }));
const adminLayout = () =>
  import("@/features/admin/routes/admin-layout").then((m) => ({ Component: m.AdminLayout }));
const adminUsers = () =>
  import("@/features/accounts/routes/admin-users-page").then((m) => ({ Component: m.AdminUsersPage }));
const adminInstructors = () =>
  import("@/features/compliance/routes/admin-instructors-page").then((m) => ({
    Component: m.AdminInstructorsPage,
  }));
const adminCompliance = () =>
  import("@/features/compliance/routes/admin-compliance-page").then((m) => ({
    Component: m.AdminCompliancePage,
  }));
const adminBookings = () =>
  import("@/features/lessons/routes/admin-bookings-page").then((m) => ({ Component: m.AdminBookingsPage }));
const adminPayments = () =>
  import("@/features/payments/routes/admin-payments-page").then((m) => ({ Component: m.AdminPaymentsPage }));
const adminRefunds = () =>
  import("@/features/refunds/routes/admin-refunds-page").then((m) => ({ Component: m.AdminRefundsPage }));
const adminPayouts = () =>
  import("@/features/payouts/routes/admin-payouts-page").then((m) => ({ Component: m.AdminPayoutsPage }));
const adminOutbox = () =>
  import("@/features/notifications/routes/admin-outbox-page").then((m) => ({ Component: m.AdminOutboxPage }));
const adminJobs = () =>
  import("@/features/jobs/routes/admin-jobs-page").then((m) => ({ Component: m.AdminJobsPage }));
const adminRevenue = () =>
  import("@/features/ledger/routes/admin-revenue-page").then((m) => ({ Component: m.AdminRevenuePage }));
const adminLedger = () =>
  import("@/features/ledger/routes/admin-ledger-page").then((m) => ({ Component: m.AdminLedgerPage }));
const adminReviews = () =>
  import("@/features/reviews/routes/admin-reviews-page").then((m) => ({ Component: m.AdminReviewsPage }));
const instructorProfile = () =>
  import("@/features/reviews/routes/instructor-profile-page").then((m) => ({
    Component: m.InstructorProfilePage,
  }));
const adminAuditLog = () =>
  import("@/features/audit/routes/admin-audit-log-page").then((m) => ({ Component: m.AdminAuditLogPage }));
const guardianHome = () =>
  import("@/features/guardians/routes/guardian-home-page").then((m) => ({ Component: m.GuardianHomePage }));
const guardianAccount = () =>
  import("@/features/accounts/routes/guardian-account-page").then((m) => ({
    Component: m.GuardianAccountPage,
  }));
const guardianAccept = () =>
  import("@/features/guardians/routes/guardian-accept-page").then((m) => ({
    Component: m.GuardianAcceptPage,
  }));
const termsPage = () =>
  import("@/features/privacy/routes/terms-page").then((m) => ({ Component: m.TermsPage }));
const privacyPage = () =>
  import("@/features/privacy/routes/privacy-page").then((m) => ({ Component: m.PrivacyPage }));
const acceptLegal = () =>
  import("@/features/privacy/routes/accept-legal-page").then((m) => ({ Component: m.AcceptLegalPage }));
const adminPassPromise = () =>
  import("@/features/test-packages/routes/admin-pass-promise-page").then((m) => ({
    Component: m.AdminPassPromisePage,
  }));
const adminClosureRequests = () =>
  import("@/features/privacy/routes/admin-closure-requests-page").then((m) => ({
    Component: m.AdminClosureRequestsPage,
  }));
const messages = () =>
  import("@/features/messages/routes/messages-page").then((m) => ({ Component: m.MessagesPage }));
const adminMessages = () =>
  import("@/features/messages/routes/admin-messages-page").then((m) => ({ Component: m.AdminMessagesPage }));
const paymentResult = () =>
  import("@/features/payments/routes/payment-result-page").then((m) => ({ Component: m.PaymentResultPage }));
const paymentCancelled = () =>
  import("@/features/payments/routes/payment-cancelled-page").then((m) => ({
    Component: m.PaymentCancelledPage,
  }));

export const routes: RouteObject[] = [
  {
    path: paths.home(),
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // Errors inside a page render within the layout, so the navbar stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: home },
          { path: paths.auth.login(), lazy: login },
          { path: paths.auth.register(), lazy: register },
          { path: paths.auth.forgotPassword(), lazy: forgotPassword },
          { path: paths.auth.resetPassword(), lazy: resetPassword },
          // Not guarded: the link in the new inbox may be opened where nobody is signed in.
          { path: paths.auth.confirmEmail(), lazy: confirmEmail },
          { path: paths.legal.terms(), lazy: termsPage },
          { path: paths.legal.privacy(), lazy: privacyPage },
          { path: "/legal/accept", lazy: acceptLegal },
          {
            element: <RequireRole allowed="STUDENT" />,
            children: [
              { path: paths.student.dashboard(), lazy: studentDashboard },
              { path: paths.student.book(), lazy: bookLessons },
              { path: paths.student.bookLessons(), lazy: bookLessons },
              { path: paths.student.payments(), lazy: studentPayments },
              { path: paths.student.account(), lazy: studentAccount },
              { path: paths.student.progress(), lazy: studentProgress },
              { path: paths.student.messages(), lazy: messages },
              { path: "/student/messages/:otherUserId", lazy: messages },
              { path: paths.student.bundles(), lazy: studentBundles },
              { path: paths.student.testPack(), lazy: bookTestPack },
              // Route patterns: the paths helpers encode their argument, so ":id" cannot go through them.
              { path: "/student/bundles/:bundleId/book", lazy: bundleCredits },
              { path: paths.student.bookings(), lazy: studentBookings },
              { path: "/student/bookings/:bookingId/reschedule", lazy: rescheduleLesson },
              { path: "/student/bookings/:bookingId/book-again", lazy: bookAgain },
              { path: paths.student.timeAlerts(), lazy: timeAlerts },
              { path: "/student/time-alerts/offer/:token", lazy: timeAlertOffer },
            ],
          },
          {
            element: <RequireRole allowed="INSTRUCTOR" />,
            children: [
              { path: paths.instructor.dashboard(), lazy: instructorDashboard },
              { path: paths.instructor.availability(), lazy: instructorAvailability },
              { path: paths.instructor.lessons(), lazy: instructorLessons },
              { path: paths.instructor.earnings(), lazy: instructorEarnings },
              { path: paths.instructor.account(), lazy: instructorAccount },
              { path: paths.instructor.messages(), lazy: messages },
              { path: "/instructor/messages/:otherUserId", lazy: messages },
            ],
          },
          {
            element: <RequireRole allowed="GUARDIAN" />,
            children: [
              { path: paths.guardian.home(), lazy: guardianHome },
              { path: paths.guardian.account(), lazy: guardianAccount },
            ],
          },
          // Public: the invitation's emailed link, opened before the guardian has an account.
          { path: paths.guardian.accept(), lazy: guardianAccept },
          {
            element: <RequireRole allowed="ADMIN" />,
            children: [
              {
                path: paths.admin.root(),
                lazy: adminLayout,
                children: [
                  { index: true, lazy: adminUsers },
                  // Users is the console's landing tab; the address an operator guesses for it leads there.
                  { path: "/admin/users", element: <Navigate to={paths.admin.users()} replace /> },
                  { path: paths.admin.instructors(), lazy: adminInstructors },
                  { path: paths.admin.compliance(), lazy: adminCompliance },
                  { path: paths.admin.bookings(), lazy: adminBookings },
                  { path: paths.admin.payments(), lazy: adminPayments },
                  { path: paths.admin.refunds(), lazy: adminRefunds },
                  { path: paths.admin.payouts(), lazy: adminPayouts },
                  { path: paths.admin.outbox(), lazy: adminOutbox },
                  { path: paths.admin.jobs(), lazy: adminJobs },
                  { path: paths.admin.revenue(), lazy: adminRevenue },
                  { path: paths.admin.ledger(), lazy: adminLedger },
                  { path: paths.admin.auditLog(), lazy: adminAuditLog },
                  { path: paths.admin.reviews(), lazy: adminReviews },
                  { path: paths.admin.closureRequests(), lazy: adminClosureRequests },
                  { path: paths.admin.passPromise(), lazy: adminPassPromise },
                  { path: paths.admin.messages(), lazy: adminMessages },
                ],
              },
            ],
          },
          // Payment result pages have no guard (spec §6): the card provider redirects here.
          // Public: a listed instructor's profile and reviews.
          { path: "/instructors/:instructorId", lazy: instructorProfile },
          { path: paths.payment.confirmed(), lazy: paymentResult },
          { path: paths.payment.failed(), lazy: paymentResult },
          { path: paths.payment.cancelled(), lazy: paymentCancelled },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
