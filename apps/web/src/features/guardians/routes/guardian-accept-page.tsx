import type { AuthUser, GuardianInvitationResponse } from "@kerb/shared";
import { roleLabels } from "@kerb/shared/words";
import { useQueryClient } from "@tanstack/react-query";
import MailX from "lucide-react/icons/mail-x";
import UsersRound from "lucide-react/icons/users-round";
import { type ReactNode, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDate } from "@/lib/format";
import { logout } from "@/lib/logout";
import { useGuardianInvitation } from "../api/get-guardian-invitation";
import { useJoinAsGuardian } from "../api/join-as-guardian";
import { AcceptInvitationForm } from "../components/accept-invitation-form";

// The API's token bounds: anything else cannot be an invitation, so there is nothing to ask.
const isWellFormed = (token: string) => token.length >= 20 && token.length <= 200;
const isGone = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Layout({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-10 sm:py-16">
      <DocumentTitle title={title} />
      <div className="flex flex-col items-center gap-3 text-center">
        <div
          className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </div>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
      </div>
      {children}
    </div>
  );
}

function InvalidInvitation() {
  return (
    <Layout title="This invitation is no longer valid" icon={<MailX className="size-7" />}>
      <p className="text-center text-slate-600">
        It may have been used already, withdrawn by the learner, or it has lapsed. Ask them to send you a new
        invitation from their Kerb account.
      </p>
      <p className="text-center text-slate-600">
        Already following a learner? <TextLink to={paths.auth.login()}>Log in</TextLink>
      </p>
    </Layout>
  );
}

/** Someone is signed in who cannot accept this one: another address, or not a guardian account. */
function WrongAccount({ user, invitation }: { user: AuthUser; invitation: GuardianInvitationResponse }) {
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const learner = invitation.learner.firstName;
  if (sameEmail(user.email, invitation.email)) {
    // Only a guardian account can follow a learner, and this address already has another kind.
    return (
      <Alert tone="warning" title="This account can't follow a learner">
        Your Kerb account with <strong className="break-all">{invitation.email}</strong> is a{" "}
        {roleLabels[user.role].toLowerCase()} account. Ask {learner} to invite a different email address.
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning" title="You're logged in to another account">
        This invitation is for <strong className="break-all">{invitation.email}</strong>, but you're logged in
        as <strong className="break-all">{user.email}</strong>. Log out, then log in with the invited address.
      </Alert>
      <Button
        variant="outline"
        isLoading={isLoggingOut}
        loadingText="Logging out…"
        onClick={async () => {
          setLoggingOut(true);
          await logout();
          queryClient.clear();
          setLoggingOut(false);
        }}
      >
        Log out
      </Button>
    </div>
  );
}

function JoinWithAccount({ token, learner, onGone }: { token: string; learner: string; onGone: () => void }) {
  const join = useJoinAsGuardian();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      {join.isError ? (
        <Alert tone="error" title="We couldn't accept the invitation">
          {errorMessage(join.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <Button
        fullWidth
        isLoading={join.isPending}
        loadingText="Accepting…"
        onClick={() =>
          join.mutate(token, {
            onSuccess: ({ joined }) =>
              navigate(paths.guardian.home({ learner: joined?.id }), { replace: true }),
            onError: (error) => {
              if (isGone(error)) onGone();
            },
          })
        }
      >
        Accept and follow {learner}
      </Button>
    </div>
  );
}

function Invitation({
  token,
  invitation,
  onGone,
}: {
  token: string;
  invitation: GuardianInvitationResponse;
  onGone: () => void;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const learner = invitation.learner.firstName;
  const canJoin = user?.role === "GUARDIAN" && sameEmail(user.email, invitation.email);

  let action: ReactNode;
  if (invitation.accountExists) {
    action = !user ? (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          You already have a Kerb account with <strong className="break-all">{invitation.email}</strong>. Log
          in to accept.
        </p>
        <ButtonLink to={paths.auth.login({ returnTo: paths.guardian.accept({ token }) })} fullWidth>
          Log in to accept
        </ButtonLink>
      </div>
    ) : canJoin ? (
      <JoinWithAccount token={token} learner={learner} onGone={onGone} />
    ) : (
      <WrongAccount user={user} invitation={invitation} />
    );
  } else {
    action = (
      <div className="flex flex-col gap-5">
        {user ? (
          <Alert tone="info">
            You're logged in as <strong className="break-all">{user.email}</strong>. Creating this account
            logs you out of that one.
          </Alert>
        ) : null}
        <AcceptInvitationForm
          token={token}
          email={invitation.email}
          onGone={onGone}
          onAccepted={() => navigate(paths.guardian.home(), { replace: true })}
        />
      </div>
    );
  }

  return (
    <Layout title={`Follow ${learner}'s driving lessons`} icon={<UsersRound className="size-7" />}>
      <div className="flex flex-col gap-2 text-center text-slate-600">
        <p>
          {learner} invited you to see their upcoming lessons, progress and payments on Kerb, and to pay for
          lessons if you choose. The lessons and credits stay {learner}'s, and they can remove you at any
          time.
        </p>
        <p className="text-sm">
          Sent to <strong className="break-all text-slate-800">{invitation.email}</strong> · accept by{" "}
          {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <Card>
        <CardContent className="sm:px-8 sm:py-8">{action}</CardContent>
      </Card>
    </Layout>
  );
}

/**
 * /guardian/accept?token=… (public: the emailed link): who invited this address, then a new guardian
 * account, or a sign-in and "Accept" for an address that already has one.
 */
export function GuardianAcceptPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const wellFormed = isWellFormed(token);
  const query = useGuardianInvitation(token, { enabled: wellFormed });
  // Used or withdrawn while the page was open (the accept or join call said 404).
  const [isGoneMeanwhile, setGoneMeanwhile] = useState(false);

  if (!wellFormed || isGoneMeanwhile || (query.isError && isGone(query.error))) return <InvalidInvitation />;
  if (query.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-10 sm:py-16">
        <SkeletonGroup label="Loading your invitation…" className="flex flex-col items-center gap-4">
          <Skeleton className="size-14 rounded-full" />
          <Skeleton className="h-9 w-72 max-w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-72 w-full rounded-2xl" />
        </SkeletonGroup>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-10 sm:py-16">
        <DocumentTitle title="Invitation" />
        <ErrorState
          title="We couldn't load your invitation"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }
  return <Invitation token={token} invitation={query.data} onGone={() => setGoneMeanwhile(true)} />;
}
