import { CalendarClock } from "lucide-react";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useCurrentUser } from "@/lib/auth-store";

/** Placeholder: the instructor dashboard (tiles, schedule, details; spec §2) arrives in a later round. */
export function InstructorDashboardPage() {
  const user = useCurrentUser();
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Instructor dashboard" />
      <PageHeader
        eyebrow="Instructor dashboard"
        title={user ? `Welcome, ${user.firstName}` : "Welcome"}
        description="Your schedule, earnings and rates in one place."
      />
      <EmptyState
        icon={<CalendarClock className="size-6" />}
        title="Your dashboard is being set up"
        description="Today's lessons, this week's schedule and your monthly earnings will appear here."
      />
    </Container>
  );
}
