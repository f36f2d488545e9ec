import { BUNDLE_VALIDITY } from "@kerb/shared/words";
import Package from "lucide-react/icons/package";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useStudentProfile } from "@/lib/student-profile";
import { BundleCard } from "../components/bundle-card";
import { bundleState } from "../model/bundle-state";

const STATE_ORDER = { active: 0, used: 1, expired: 2 } as const;

export function StudentBundlesPage() {
  const profileQuery = useStudentProfile();
  const profile = profileQuery.data;
  const now = Date.now();
  // Usable bundles first (soonest expiry first), then used-up and expired ones.
  const bundles = profile
    ? [...profile.bundles].sort(
        (a, b) =>
          STATE_ORDER[bundleState(a, now)] - STATE_ORDER[bundleState(b, now)] ||
          new Date(a.expiresAt).getTime() - new Date(b.expiresAt).getTime(),
      )
    : [];

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="My bundles" />
      <PageHeader
        title="My bundles"
        description={`Prepaid lessons at a lower price. Bundle credits expire ${BUNDLE_VALIDITY} after purchase.`}
        actions={<ButtonLink to={paths.student.book()}>Buy a bundle</ButtonLink>}
      />

      {profileQuery.isPending ? (
        <SkeletonGroup label="Loading bundles…" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </SkeletonGroup>
      ) : profileQuery.isError ? (
        <ErrorState
          title="We couldn't load your bundles"
          error={profileQuery.error}
          onRetry={() => profileQuery.refetch()}
          isRetrying={profileQuery.isFetching}
        />
      ) : bundles.length === 0 ? (
        <EmptyState
          icon={<Package className="size-6" />}
          title="No bundles yet"
          description="Buy a bundle of lessons and pay less for each one than booking them one at a time."
          action={<ButtonLink to={paths.student.book()}>Buy a bundle</ButtonLink>}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {bundles.map((bundle) => (
            <BundleCard key={bundle.id} bundle={bundle} now={now} />
          ))}
        </ul>
      )}
    </Container>
  );
}
