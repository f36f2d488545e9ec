import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { AccountCardPage } from "../components/account-card-page";
import { ForgotPasswordForm } from "../components/forgot-password-form";

export function ForgotPasswordPage() {
  return (
    <AccountCardPage
      title="Forgot your password?"
      description="Enter the email you sign in with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to={paths.auth.login()}>Back to log in</TextLink>
        </>
      }
    >
      <ForgotPasswordForm />
    </AccountCardPage>
  );
}
