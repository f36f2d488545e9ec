import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";

type ListStateProps = {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  isEmpty: boolean;
  loadingLabel: string;
  errorTitle: string;
  empty: { icon: ReactNode; title: string; description: string; action?: ReactNode };
  children: ReactNode;
};

/** Every admin list waits with a skeleton, fails with a retry, and says what to do when it is empty. */
export function ListState({ query, isEmpty, loadingLabel, errorTitle, empty, children }: ListStateProps) {
  if (query.isPending) {
    return (
      <SkeletonGroup label={loadingLabel} className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </SkeletonGroup>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (isEmpty) return <EmptyState {...empty} />;
  return <>{children}</>;
}
