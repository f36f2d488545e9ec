import { zodResolver } from "@hookform/resolvers/zod";
import { type GuardianLink, type InviteGuardianRequest, inviteGuardianRequest } from "@kerb/shared";
import { GUARDIAN_INVITATION_WINDOW } from "@kerb/shared/words";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { useStatusNote } from "@/components/ui/use-status-note";
import { errorMessage, isApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { useGuardians } from "../api/get-guardians";
import { type InviteGuardianPayload, useInviteGuardian } from "../api/invite-guardian";
import { useRemoveGuardian } from "../api/remove-guardian";
import { useUpdateGuardian } from "../api/update-guardian";

const COPY_EMAILS_LABEL = "Send copies of my booking and cancellation emails";

/** "Pat Parent", or the address while the invitation waits. */
const nameOf = (link: GuardianLink) =>
  link.guardian ? `${link.guardian.firstName} ${link.guardian.lastName}` : link.email;

const hasLapsed = (link: GuardianLink, now: number) =>
  link.status === "INVITED" && new Date(link.expiresAt).getTime() <= now;

function InviteForm({ onSent }: { onSent: (email: string) => void }) {
  const mutation = useInviteGuardian();
  const checkboxId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<InviteGuardianRequest, unknown, InviteGuardianPayload>({
    resolver: zodResolver(inviteGuardianRequest),
    defaultValues: { email: "", copyEmails: false },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        reset({ email: "", copyEmails: false });
        onSent(values.email);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        // Your own address (400, on the field) and someone already following you (409) are both about
        // the address typed.
        const issue = error.fieldIssues.find((i) => i.path === "email");
        if (issue || error.status === 409) {
          setError(
            "email",
            { type: "server", message: issue?.message ?? error.message },
            { shouldFocus: true },
          );
        }
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Invite a parent or guardian"
      className="flex flex-col gap-4"
    >
      <h3 className="font-semibold text-base text-slate-900">Invite someone</h3>
      {mutation.isError && !errors.email ? (
        <Alert tone="error" title="We couldn't send the invitation">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <TextField
        label="Their email"
        type="email"
        autoComplete="off"
        inputMode="email"
        spellCheck={false}
        hint={`We email them a link that works for ${GUARDIAN_INVITATION_WINDOW}.`}
        error={errors.email?.message}
        {...register("email", { onChange: () => mutation.reset() })}
      />
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          {...register("copyEmails")}
        />
        <label htmlFor={checkboxId} className="font-medium text-slate-900 text-sm">
          {COPY_EMAILS_LABEL}
        </label>
      </div>
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Sending…">
          Send invitation
        </Button>
      </div>
    </form>
  );
}

function GuardianRow({
  link,
  now,
  onRemoved,
  onError,
  onResent,
}: {
  link: GuardianLink;
  now: number;
  onRemoved: (link: GuardianLink) => void;
  onError: (message: string) => void;
  onResent: (email: string) => void;
}) {
  const update = useUpdateGuardian();
  const remove = useRemoveGuardian();
  const resend = useInviteGuardian();
  const [isConfirming, setConfirming] = useState(false);
  const checkboxId = useId();
  const name = nameOf(link);
  const isActive = link.status === "ACTIVE";
  const lapsed = hasLapsed(link, now);
  // While the change is on its way the box shows what was asked for.
  const copyEmails = update.isPending ? (update.variables?.copyEmails ?? link.copyEmails) : link.copyEmails;

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-col">
          <p className="break-words font-semibold text-slate-900">{name}</p>
          {link.guardian ? <p className="break-all text-slate-600 text-sm">{link.email}</p> : null}
        </div>
        {isActive ? (
          <Badge tone="success">Following</Badge>
        ) : lapsed ? (
          <Badge tone="neutral">Invitation lapsed {formatDate(link.expiresAt)}</Badge>
        ) : (
          <Badge tone="warning">Invited until {formatDate(link.expiresAt)}</Badge>
        )}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          checked={copyEmails}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { id: link.id, copyEmails: event.target.checked },
              {
                onError: (error) =>
                  onError(
                    errorMessage(error, `We couldn't change the emails ${name} gets. Please try again.`),
                  ),
              },
            )
          }
        />
        <label htmlFor={checkboxId} className="text-slate-800 text-sm">
          {COPY_EMAILS_LABEL} <span className="sr-only">to {name}</span>
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        {isActive ? null : (
          <Button
            variant="outline"
            size="sm"
            isLoading={resend.isPending}
            loadingText="Sending…"
            onClick={() =>
              resend.mutate(
                { email: link.email, copyEmails: link.copyEmails },
                {
                  onSuccess: () => onResent(link.email),
                  onError: (error) =>
                    onError(errorMessage(error, "We couldn't send the invitation again. Please try again.")),
                },
              )
            }
          >
            Send again <span className="sr-only">to {link.email}</span>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Remove <span className="sr-only">{name}</span>
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={isActive ? `Remove ${name}?` : "Withdraw this invitation?"}
        confirmLabel={isActive ? "Remove guardian" : "Withdraw invitation"}
        confirmVariant="danger"
        isPending={remove.isPending}
        pendingLabel="Removing…"
        onConfirm={() =>
          remove.mutate(link.id, {
            onSuccess: () => {
              setConfirming(false);
              onRemoved(link);
            },
          })
        }
      >
        {isActive ? (
          <p>
            Their access to your lessons, progress, logbook and payments ends at once, and they stop getting
            copies of your emails. You can invite them again later.
          </p>
        ) : (
          <p>
            The link we sent to <strong className="break-all">{link.email}</strong> stops working at once.
          </p>
        )}
        {remove.isError ? (
          <Alert tone="error" title="We couldn't remove them">
            {errorMessage(remove.error, "Please try again in a moment.")}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

/**
 * "Parents and guardians" on the learner's account page: who follows them (or is invited to), whether
 * each gets copies of their booking emails, removal (access ends at once), and a new invitation.
 */
export function GuardiansCard() {
  const query = useGuardians();
  const { note, announce } = useStatusNote();
  const now = Date.now();

  return (
    <Card>
      <CardHeader
        title="Parents and guardians"
        description="Someone you invite sees your upcoming lessons, progress, logbook and payments, and can pay for lessons for you. You can remove them at any time."
      />
      <CardContent>
        {/* Always there (a live region), but no gap of its own while it is empty. */}
        <StatusMessage note={note} />
        <div className={cn("flex flex-col gap-6", note && "mt-5")}>
          {query.isPending ? (
            <SkeletonGroup label="Loading your guardians…">
              <Skeleton className="h-20 w-full" />
            </SkeletonGroup>
          ) : query.isError ? (
            <ErrorState
              title="We couldn't load your guardians"
              error={query.error}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          ) : query.data.guardians.length === 0 ? (
            <p className="text-slate-600 text-sm">You haven't invited anyone yet.</p>
          ) : (
            <ul aria-label="Your parents and guardians" className="flex flex-col divide-y divide-slate-100">
              {query.data.guardians.map((link) => (
                <GuardianRow
                  key={link.id}
                  link={link}
                  now={now}
                  onRemoved={(removed) =>
                    announce(
                      removed.status === "ACTIVE"
                        ? `${nameOf(removed)} can no longer see your lessons or payments.`
                        : `The invitation to ${removed.email} was withdrawn.`,
                    )
                  }
                  onResent={(email) => announce(`We sent a new invitation link to ${email}.`)}
                  onError={(message) => announce(message, "error")}
                />
              ))}
            </ul>
          )}
          <div className="border-slate-100 border-t pt-6">
            <InviteForm onSent={(email) => announce(`Invitation sent to ${email}.`)} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
