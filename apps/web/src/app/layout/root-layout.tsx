import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { clearCompletedBookingDraft } from "@/lib/booking-draft";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

/** A thin bar at the top while a lazy route or its data is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-2/5 animate-progress bg-brand-600" />
    </div>
  );
}

/**
 * Moves focus to the main region after client-side navigation so screen-reader and keyboard users
 * start at the new page's content, as they would after a full page load.
 */
function useFocusMainOnNavigate(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

/**
 * A finished booking's draft is cleared when the page is left, from whichever page that is: the
 * wizard has usually moved on to the dashboard by then (and a prompt may replace it meanwhile).
 */
function useClearCompletedDraftOnLeave() {
  useEffect(() => {
    window.addEventListener("pagehide", clearCompletedBookingDraft);
    return () => window.removeEventListener("pagehide", clearCompletedBookingDraft);
  }, []);
}

export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  useClearCompletedDraftOnLeave();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Navbar />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
