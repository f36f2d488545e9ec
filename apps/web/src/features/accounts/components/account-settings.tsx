import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { PrivacyCard } from "@/features/privacy";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";

type Account = { email: string; pendingEmail: string | null };

type AccountSettingsProps<T extends Account> = {
  query: UseQueryResult<T>;
  profileDescription: ReactNode;
  renderProfileForm: (account: T) => ReactNode;
  /** Cards of the role's own shown after the profile (a student's driving assessment). */
  afterProfile?: ReactNode;
};

/** The account page of students and instructors: profile, email and password, one card each. */
export function AccountSettings<T extends Account>({
  query,
  profileDescription,
  renderProfileForm,
  afterProfile,
}: AccountSettingsProps<T>) {
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <DocumentTitle title="Account settings" />
        <PageHeader title="Account settings" description="Your profile, sign-in email and password." />
        {query.isPending ? (
          <SkeletonGroup label="Loading your account…" className="flex flex-col gap-4">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-40 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <ErrorState
            title="We couldn't load your account"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <>
            <Card>
              <CardHeader title="Profile" description={profileDescription} />
              <CardContent>{renderProfileForm(query.data)}</CardContent>
            </Card>
            {afterProfile}
            <Card>
              <CardHeader
                title="Email"
                description="A new address is used only after you follow the link we send to it."
              />
              <CardContent>
                <ChangeEmailForm currentEmail={query.data.email} pendingEmail={query.data.pendingEmail} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Password" description="Changing it signs you out on every other device." />
              <CardContent>
                <ChangePasswordForm />
              </CardContent>
            </Card>
            <PrivacyCard />
          </>
        )}
      </div>
    </Container>
  );
}
