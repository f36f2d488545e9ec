import Banknote from "lucide-react/icons/banknote";
import CalendarDays from "lucide-react/icons/calendar-days";
import CreditCard from "lucide-react/icons/credit-card";
import FileClock from "lucide-react/icons/file-clock";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Mail from "lucide-react/icons/mail";
import Scale from "lucide-react/icons/scale";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import Star from "lucide-react/icons/star";
import Timer from "lucide-react/icons/timer";
import TrendingUp from "lucide-react/icons/trending-up";
import Undo2 from "lucide-react/icons/undo-2";
import UserCheck from "lucide-react/icons/user-check";
import UserX from "lucide-react/icons/user-x";
import Users from "lucide-react/icons/users";
import { useEffect, useRef } from "react";
import { matchPath, NavLink, Outlet, useLocation } from "react-router";
import { Container } from "@/components/ui/container";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

const SECTIONS = [
  { to: paths.admin.users(), label: "Users", icon: Users, end: true },
  { to: paths.admin.instructors(), label: "Instructors", icon: UserCheck, end: false },
  { to: paths.admin.compliance(), label: "Compliance", icon: ShieldAlert, end: false },
  { to: paths.admin.bookings(), label: "Bookings", icon: CalendarDays, end: false },
  { to: paths.admin.payments(), label: "Payments", icon: CreditCard, end: false },
  { to: paths.admin.refunds(), label: "Refunds", icon: Undo2, end: false },
  { to: paths.admin.payouts(), label: "Payouts", icon: Banknote, end: false },
  { to: paths.admin.outbox(), label: "Outbox", icon: Mail, end: false },
  { to: paths.admin.jobs(), label: "Jobs", icon: Timer, end: false },
  { to: paths.admin.revenue(), label: "Revenue", icon: TrendingUp, end: false },
  { to: paths.admin.ledger(), label: "Ledger", icon: Scale, end: false },
  { to: paths.admin.reviews(), label: "Reviews", icon: Star, end: false },
  { to: paths.admin.auditLog(), label: "Audit log", icon: FileClock, end: false },
  { to: paths.admin.closureRequests(), label: "Closure requests", icon: UserX, end: false },
  { to: paths.admin.passPromise(), label: "Pass promise", icon: GraduationCap, end: false },
] as const;

/** The operator console: a row of section links (scrolls sideways on phones) above the section. */
export function AdminLayout() {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const activeSection = SECTIONS.find(({ to, end }) => matchPath({ path: to, end }, pathname))?.to;

  // On phones the section row scrolls sideways: bring the current section into view.
  useEffect(() => {
    const nav = navRef.current;
    const active = activeSection ? nav?.querySelector<HTMLElement>(`a[href="${activeSection}"]`) : null;
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [activeSection]);

  return (
    <Container className="flex flex-col gap-6 py-8 sm:py-12">
      <PageHeader
        eyebrow="Kerb operations"
        title="Admin console"
        description="Verify instructors, look after bookings and payments, and follow revenue. Every change is recorded in the audit log."
      />
      <nav
        ref={navRef}
        aria-label="Admin sections"
        className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      >
        {/* Phones scroll the sections sideways; from lg up all thirteen fit on two rows. */}
        <ul className="flex w-max gap-1 rounded-xl bg-slate-200/70 p-1 lg:w-full lg:flex-wrap">
          {SECTIONS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "flex min-h-11 items-center gap-2 whitespace-nowrap rounded-lg px-3.5 font-semibold text-sm transition-colors",
                    isActive ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900",
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </Container>
  );
}
