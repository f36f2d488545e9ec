import type { InstructorDashboard } from "@kerb/shared";
import { CalendarCheck, CalendarDays, Tag, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDollars } from "@/lib/format";
import { formatIsoDate } from "../utils/calendar-date";
import { formatMonth } from "../utils/format-month";

function Tile({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-3 sm:p-5"
    >
      <div className="flex items-center gap-2 text-slate-600">
        <span
          className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:flex"
          aria-hidden="true"
        >
          {icon}
        </span>
        <h2 className="font-medium text-sm">{label}</h2>
      </div>
      <div className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{value}</div>
      <div className="text-slate-600 text-sm">{detail}</div>
    </section>
  );
}

type DashboardTilesProps = { dashboard: InstructorDashboard } | { dashboard?: undefined };

/** The four tiles of spec §2: Today's Lessons, This Week, Monthly Earnings, Your Rates. */
export function DashboardTiles({ dashboard }: DashboardTilesProps) {
  const loading = <Skeleton className="h-9 w-16" />;
  const loadingDetail = <Skeleton className="h-4 w-32" />;
  const tiles = dashboard?.tiles;
  const lessons = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Tile
        icon={<CalendarCheck className="size-5" />}
        label="Today's Lessons"
        value={tiles ? tiles.todaysLessons : loading}
        detail={
          dashboard
            ? `${lessons(tiles?.todaysLessons ?? 0)} on ${formatIsoDate(dashboard.today)}`
            : loadingDetail
        }
      />
      <Tile
        icon={<CalendarDays className="size-5" />}
        label="This Week"
        value={tiles ? tiles.thisWeek : loading}
        detail={tiles ? `${lessons(tiles.thisWeek)}, Monday to Sunday` : loadingDetail}
      />
      <Tile
        icon={<Wallet className="size-5" />}
        label="Monthly Earnings"
        value={tiles ? formatDollars(tiles.monthlyEarnings) : loading}
        detail={dashboard ? `After the 25% platform fee · ${formatMonth(dashboard.month)}` : loadingDetail}
      />
      <Tile
        icon={<Tag className="size-5" />}
        label="Your Rates"
        value={
          tiles ? (
            <span>
              {formatDollars(tiles.standardRate)}
              <span className="font-medium text-base text-slate-600">/hour</span>
            </span>
          ) : (
            loading
          )
        }
        detail={
          tiles ? (
            <>
              Standard rate
              <br />
              Pool hours:{" "}
              <span className="font-semibold text-slate-900">{formatDollars(tiles.poolRate)}/hour</span>
            </>
          ) : (
            loadingDetail
          )
        }
      />
    </div>
  );
}
