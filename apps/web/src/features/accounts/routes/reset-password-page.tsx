import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { AccountCardPage } from "../components/account-card-page";
import { ResetPasswordForm } from "../components/reset-password-form";

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  return (
    <AccountCardPage
      title="Choose a new password"
      description="Choosing a new password signs you out on every device."
      footer={<TextLink to={paths.auth.login()}>Back to log in</TextLink>}
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="error" title="This link is incomplete">
          Open the link from your email again, or{" "}
          <TextLink to={paths.auth.forgotPassword()}>ask for a new one</TextLink>.
        </Alert>
      )}
    </AccountCardPage>
  );
}
