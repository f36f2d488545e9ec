/**
 * The navigation of a signed-in user: their links, account, logout and the phone menu. Loaded on its own
 * (navbar.tsx) so signed-out pages (home, login, register) do not download it.
 */
import type { AuthUser } from "@kerb/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import ChartLine from "lucide-react/icons/chart-line";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import ListChecks from "lucide-react/icons/list-checks";
import LogOut from "lucide-react/icons/log-out";
import Menu from "lucide-react/icons/menu";
import Receipt from "lucide-react/icons/receipt";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserCog from "lucide-react/icons/user-cog";
import UserRound from "lucide-react/icons/user-round";
import UsersRound from "lucide-react/icons/users-round";
import Wallet from "lucide-react/icons/wallet";
import X from "lucide-react/icons/x";
import { useEffect, useId, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { paths } from "@/config/paths";
import { useLogout } from "@/features/auth";
import { MessagesNavLink } from "@/features/messages";
import { cn } from "@/lib/cn";
import { refreshSignedInUser } from "@/lib/signed-in-user";
import { NavRow } from "./nav-row";

function dashboardPath(user: AuthUser): string {
  if (user.role === "STUDENT") return paths.student.dashboard();
  if (user.role === "INSTRUCTOR") return paths.instructor.dashboard();
  if (user.role === "GUARDIAN") return paths.guardian.home();
  return paths.home();
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center gap-2 rounded-xl px-3 font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

function SignedInLinks({ user, onNavigate }: { user: AuthUser; onNavigate?: () => void }) {
  if (user.role === "ADMIN") {
    return (
      <NavLink to={paths.admin.root()} className={navLinkClasses} onClick={onNavigate}>
        <ShieldCheck className="size-4" aria-hidden="true" />
        Admin
      </NavLink>
    );
  }
  // A guardian's home is the learners they follow; beside it, their account.
  if (user.role === "GUARDIAN") {
    return (
      <>
        <NavLink to={dashboardPath(user)} end className={navLinkClasses} onClick={onNavigate}>
          <UsersRound className="size-4" aria-hidden="true" />
          Learners
        </NavLink>
        <NavLink to={paths.guardian.account()} className={navLinkClasses} onClick={onNavigate}>
          <UserCog className="size-4" aria-hidden="true" />
          Account
        </NavLink>
      </>
    );
  }
  return (
    <>
      <NavLink to={dashboardPath(user)} end className={navLinkClasses} onClick={onNavigate}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        Dashboard
      </NavLink>
      {user.role === "STUDENT" ? (
        <>
          <NavLink to={paths.student.book()} className={navLinkClasses} onClick={onNavigate}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Book Lessons
          </NavLink>
          <NavLink to={paths.student.progress()} className={navLinkClasses} onClick={onNavigate}>
            <ChartLine className="size-4" aria-hidden="true" />
            Progress
          </NavLink>
          <NavLink to={paths.student.payments()} className={navLinkClasses} onClick={onNavigate}>
            <Receipt className="size-4" aria-hidden="true" />
            Payments
          </NavLink>
        </>
      ) : null}
      {user.role === "INSTRUCTOR" ? (
        <>
          <NavLink to={paths.instructor.availability()} className={navLinkClasses} onClick={onNavigate}>
            <CalendarClock className="size-4" aria-hidden="true" />
            Availability
          </NavLink>
          <NavLink to={paths.instructor.lessons()} className={navLinkClasses} onClick={onNavigate}>
            <ListChecks className="size-4" aria-hidden="true" />
            Lessons
          </NavLink>
          <NavLink to={paths.instructor.earnings()} className={navLinkClasses} onClick={onNavigate}>
            <Wallet className="size-4" aria-hidden="true" />
            Earnings
          </NavLink>
        </>
      ) : null}
      {user.role === "STUDENT" || user.role === "INSTRUCTOR" ? (
        <MessagesNavLink role={user.role} className={navLinkClasses} onNavigate={onNavigate} />
      ) : null}
    </>
  );
}

/**
 * The signed-in email; for students and instructors a link to their account settings (a guardian's two
 * links have room for an Account link of its own).
 */
function AccountEmail({
  user,
  className,
  onNavigate,
}: {
  user: AuthUser;
  className: string;
  onNavigate?: () => void;
}) {
  const content = (
    <>
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{user.email}</span>
    </>
  );
  const to =
    user.role === "STUDENT"
      ? paths.student.account()
      : user.role === "INSTRUCTOR"
        ? paths.instructor.account()
        : null;
  if (!to) {
    return (
      <span className={cn("flex items-center gap-2 text-slate-600 text-sm", className)} title={user.email}>
        {content}
      </span>
    );
  }
  return (
    <NavLink
      to={to}
      title={`Account settings (${user.email})`}
      aria-label={`Account settings (${user.email})`}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          "flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm transition-colors",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
          className,
        )
      }
    >
      {content}
    </NavLink>
  );
}

export default function SignedInNav({ user }: { user: AuthUser }) {
  const logoutMutation = useLogout();
  // The email shown is the account's as it is now (changed elsewhere since sign-in, say): asked on
  // each load and whenever the tab comes back into view.
  useEffect(() => {
    void refreshSignedInUser();
    const onVisible = () => {
      if (document.visibilityState === "visible") void refreshSignedInUser();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  const location = useLocation();
  // The phone menu belongs to the page and account it was opened on: a followed link closes it, and so
  // does signing out (or in as someone else).
  const menuOwner = `${location.pathname}|${user.id}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isMenuOpen = openOn === menuOwner;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? menuOwner : null);
  const menuId = useId();

  const logoutButton = (
    <Button
      variant="ghost"
      onClick={() => logoutMutation.mutate()}
      isLoading={logoutMutation.isPending}
      icon={<LogOut className="size-4" aria-hidden="true" />}
    >
      Logout
    </Button>
  );

  // Instructors and students have five links each: they need a wider screen before the links fit in the bar.
  const wide = user.role === "INSTRUCTOR" || user.role === "STUDENT";
  // From lg to xl the five links left the account email a sliver (an icon and a letter): the menu until xl.
  const desktopOnly = wide ? "hidden xl:flex" : "hidden md:flex";
  const phoneOnly = wide ? "xl:hidden" : "md:hidden";

  return (
    <>
      <NavRow>
        {/* With five links, the bar's icons and some padding give way until 2xl, so that a long account
            email (36 characters) still fits whole at 1280 px. */}
        <nav
          aria-label="Main"
          className={cn(
            "shrink-0 items-center gap-1",
            desktopOnly,
            wide && "gap-0 [&_a]:px-2 [&_svg]:hidden 2xl:gap-1 2xl:[&_a]:px-3 2xl:[&_svg]:inline",
          )}
        >
          <SignedInLinks user={user} />
        </nav>
        {/* The email takes the room left beside the links; cut short (full text in its title) only when
            there is none. */}
        <div
          className={cn(
            "min-w-0 items-center justify-end gap-2",
            desktopOnly,
            wide && "[&_svg]:hidden 2xl:[&_svg]:inline",
          )}
        >
          <AccountEmail user={user} className="min-w-0" />
          <div className="shrink-0">{logoutButton}</div>
        </div>
        <Button
          variant="ghost"
          className={phoneOnly}
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!isMenuOpen)}
          icon={
            isMenuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )
          }
        >
          Menu
        </Button>
      </NavRow>

      {isMenuOpen ? (
        <div id={menuId} className={cn("border-slate-200 border-t bg-white", phoneOnly)}>
          <Container className="flex flex-col gap-1 py-3">
            <nav aria-label="Main" className="flex flex-col gap-1">
              <SignedInLinks user={user} onNavigate={() => setMenuOpen(false)} />
            </nav>
            <div className="mt-2 flex items-center justify-between gap-3 border-slate-100 border-t pt-3">
              <AccountEmail user={user} className="min-w-0" onNavigate={() => setMenuOpen(false)} />
              {logoutButton}
            </div>
          </Container>
        </div>
      ) : null}
    </>
  );
}
