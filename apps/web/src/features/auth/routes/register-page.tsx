import type { AuthResponse } from "@kerb/shared";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { DocumentTitle } from "@/components/ui/document-title";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";
import { RegisterForm } from "../components/register-form";
import type { RegisterRole } from "../components/register-form-values";
import { postAuthPath } from "../utils/post-auth-path";

export function RegisterPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const role: RegisterRole =
    searchParams.get("role")?.toLowerCase() === "instructor" ? "INSTRUCTOR" : "STUDENT";

  if (user) return <Navigate to={postAuthPath(user)} replace />;

  const handleRoleChange = (role: RegisterRole) => {
    // Keep the URL shareable ("Become an Instructor" links to ?role=instructor) without adding history.
    setSearchParams(role === "INSTRUCTOR" ? { role: "instructor" } : {}, {
      replace: true,
      preventScrollReset: true,
    });
  };

  const handleSuccess = (session: AuthResponse) => {
    navigate(postAuthPath(session.user), { replace: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-16">
      <DocumentTitle title="Create your account" />
      <div className="flex flex-col gap-2 text-center">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Create your account</h1>
        <p className="text-slate-600">Learn with certified instructors, or teach learners in your area.</p>
      </div>
      <Card>
        <CardContent className="sm:px-8 sm:py-8">
          <RegisterForm role={role} onRoleChange={handleRoleChange} onSuccess={handleSuccess} />
        </CardContent>
      </Card>
      <p className="text-center text-slate-600">
        Already have an account? <TextLink to={paths.auth.login()}>Log in</TextLink>
      </p>
    </div>
  );
}
