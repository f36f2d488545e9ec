import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error";
import { useDownloadMyData, useRequestClosure } from "../api/privacy";

/**
 * The account page's Privacy card (Australian Privacy Principles 12 and 11.2): download everything Kerb
 * holds about you, and ask for the account to be closed.
 */
export function PrivacyCard() {
  const download = useDownloadMyData();
  const closure = useRequestClosure();
  const [isConfirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");

  return (
    <Card>
      <CardHeader
        title="Privacy"
        description={
          <>
            Your data and your account, as our <TextLink to={paths.legal.privacy()}>privacy policy</TextLink>{" "}
            describes.
          </>
        }
      />
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <p className="text-slate-700 text-sm">
            One file with your profile, lessons, payments, messages, lesson records, logbook and the log of
            changes to your account.
          </p>
          <div>
            <Button
              variant="outline"
              isLoading={download.isPending}
              loadingText="Preparing your file…"
              onClick={() => download.mutate()}
            >
              Download my data
            </Button>
          </div>
          {download.isError ? (
            <Alert tone="error">{errorMessage(download.error, "We couldn't prepare your file.")}</Alert>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-slate-700 text-sm">
            Closing removes your name and contact details. Tax records of your payments stay for the five
            years the law requires, without your name where the law allows.
          </p>
          {closure.isSuccess ? (
            <Alert tone="success" title="We've received your request">
              An admin will close your account shortly; you'll be signed out when it's done.
            </Alert>
          ) : (
            <div>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Close my account
              </Button>
            </div>
          )}
          {closure.isError ? (
            <Alert tone="error" title="We can't close your account yet">
              {errorMessage(closure.error, "Please try again.")}
            </Alert>
          ) : null}
        </div>
      </CardContent>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title="Close your account?"
        confirmLabel="Ask to close my account"
        confirmVariant="danger"
        isPending={closure.isPending}
        pendingLabel="Sending…"
        kind="form"
        onConfirm={() => closure.mutate(reason.trim(), { onSettled: () => setConfirming(false) })}
      >
        <p className="text-slate-700 text-sm">
          You can't have lessons booked or payments in progress. Once closed, you can't sign in again.
        </p>
        <label className="flex flex-col gap-1 text-slate-900 text-sm">
          Why are you leaving? (optional)
          <textarea
            className="rounded-md border border-slate-300 p-2"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      </ConfirmDialog>
    </Card>
  );
}
