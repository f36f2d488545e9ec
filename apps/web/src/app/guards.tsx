import type { Role } from "@kerb/shared";
import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";

/**
 * Route guard (spec §6): a visitor who is not signed in goes to /login, a signed-in user with another
 * role goes to /. Reacts to the auth store, so signing out on a guarded page leaves it at once.
 */
export function RequireRole({ allowed }: { allowed: Role }) {
  const user = useCurrentUser();
  const location = useLocation();
  // Signing in comes back here (an emailed link, e.g. a proposed lesson time, opens once signed in).
  if (!user) {
    return (
      <Navigate
        to={paths.auth.login({ returnTo: `${location.pathname}${location.search}` })}
        replace
        state={{ from: location.pathname }}
      />
    );
  }
  if (user.role !== allowed) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}
