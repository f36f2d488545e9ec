import { lazy, Suspense } from "react";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";
import { NavRow } from "./nav-row";

// A signed-in user's links, icons and menu are a chunk of their own: the pages most visitors land on
// signed out (home, login, register) stay inside the first-load budget without them.
const SignedInNav = lazy(() => import("./signed-in-nav"));

export function Navbar() {
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {user ? (
        <Suspense fallback={<NavRow />}>
          <SignedInNav user={user} />
        </Suspense>
      ) : (
        <NavRow>
          <nav aria-label="Account" className="flex items-center gap-2">
            <ButtonLink to={paths.auth.login()} variant="ghost">
              Login
            </ButtonLink>
            <ButtonLink to={paths.auth.register()}>Get Started</ButtonLink>
          </nav>
        </NavRow>
      )}
    </header>
  );
}
