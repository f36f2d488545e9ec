import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { useConfirmEmailChange } from "../api/confirm-email-change";
import { AccountCardPage } from "../components/account-card-page";
import { accountPathFor } from "../utils/account-path";

/**
 * Confirming is a button press, not a page load: mail scanners that open links must not switch the
 * account's email on their own.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const user = useCurrentUser();
  const mutation = useConfirmEmailChange();

  const next = user ? accountPathFor(user.role) : paths.auth.login();
  return (
    <AccountCardPage
      title="Confirm your new email"
      description="Your Kerb account will sign in and receive its emails at this address."
    >
      {!token ? (
        <Alert tone="error" title="This link is incomplete">
          Open the link from your email again.
        </Alert>
      ) : mutation.isSuccess ? (
        <div className="flex flex-col gap-5">
          <Alert tone="success" title="Email changed">
            You now sign in with <strong className="break-all">{mutation.data.email}</strong>.
          </Alert>
          <ButtonLink to={next} size="lg" fullWidth>
            {user ? "Back to your account" : "Log in"}
          </ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          {mutation.isError ? (
            <Alert tone="error" title="We couldn't change your email">
              {errorMessage(mutation.error, "Please try again in a moment.")}
              {user ? (
                <>
                  {" "}
                  <TextLink to={next}>Go to your account</TextLink>
                </>
              ) : null}
            </Alert>
          ) : null}
          <Button
            size="lg"
            fullWidth
            onClick={() => mutation.mutate(token)}
            isLoading={mutation.isPending}
            loadingText="Confirming…"
          >
            Confirm new email
          </Button>
        </div>
      )}
    </AccountCardPage>
  );
}
