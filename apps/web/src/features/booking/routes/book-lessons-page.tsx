import { Route as RouteIcon } from "lucide-react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { readBookingDraft } from "@/lib/booking-draft";

/** Placeholder for the multi-step booking wizard (spec §2), which replaces this page in a later round. */
export function BookLessonsPage() {
  const [searchParams] = useSearchParams();
  const isResuming = searchParams.get("resume") === "true";
  const draft = isResuming ? readBookingDraft() : null;

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Book lessons" />
      <PageHeader
        eyebrow="Book lessons"
        title="Booking wizard"
        description="Buy a bundle or pick individual lesson times with the instructor who suits you."
      />
      {draft ? (
        <Alert tone="info">We saved your booking progress. You can pick up where you left off.</Alert>
      ) : null}
      <EmptyState
        icon={<RouteIcon className="size-6" />}
        title="The booking wizard is on its way"
        description="Soon you'll choose your suburb, tell us about your experience, pick an instructor and book your times here."
        action={
          <ButtonLink to={paths.student.dashboard()} variant="outline">
            Back to dashboard
          </ButtonLink>
        }
      />
    </Container>
  );
}
