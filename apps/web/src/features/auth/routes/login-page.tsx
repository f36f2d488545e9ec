import type { AuthResponse } from "@kerb/shared";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { DocumentTitle } from "@/components/ui/document-title";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { authStore, useCurrentUser } from "@/lib/auth-store";
import { safeReturnPath } from "@/lib/safe-return-path";
import { LoginForm } from "../components/login-form";
import { postAuthPath } from "../utils/post-auth-path";

export function LoginPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A page that sent the visitor here to sign in (a payment's result page) is where they go back to.
  const returnTo = safeReturnPath(searchParams.get("returnTo"));
  const sessionExpired = authStore.getSignOutReason() === "expired";

  // Already signed in (another tab, or the back button): go where a fresh login would go.
  if (user) return <Navigate to={returnTo ?? postAuthPath(user)} replace />;

  const handleSuccess = (session: AuthResponse) => {
    const next = returnTo ?? postAuthPath(session.user);
    // A new version of the terms or privacy policy is accepted before going on.
    const mustAccept = (session.outstandingLegal?.length ?? 0) > 0;
    navigate(mustAccept ? paths.legal.accept({ returnTo: next }) : next, { replace: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <DocumentTitle title="Log in" />
      <div className="flex flex-col gap-2 text-center">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Welcome back</h1>
        <p className="text-slate-600">Log in to book and manage your driving lessons.</p>
      </div>
      {sessionExpired ? <Alert tone="info">Your session has ended. Please log in again.</Alert> : null}
      <Card>
        <CardContent className="sm:px-8 sm:py-8">
          <LoginForm onSuccess={handleSuccess} />
        </CardContent>
      </Card>
      <p className="text-center text-slate-600">
        New to Kerb? <TextLink to={paths.auth.register()}>Create an account</TextLink>
      </p>
    </div>
  );
}
