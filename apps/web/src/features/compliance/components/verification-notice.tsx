import { Alert } from "@/components/ui/alert";

/** Unverified instructors are not listed: say so, and what happens next. */
export function VerificationNotice({ status }: { status: string }) {
  if (status === "VERIFIED") return null;
  if (status === "REJECTED") {
    return (
      <Alert tone="error" title="Your application was not approved">
        Students can't see or book you. Contact Kerb support if you think this is a mistake or your details
        have changed.
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="Your account is awaiting verification — students can't see you yet">
      We're checking your driving instructor licence. You can set your hours, rates and service areas now;
      they go live as soon as you're verified.
    </Alert>
  );
}
