import type { InstructorDashboard } from "@kerb/shared";
import { PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarDays from "lucide-react/icons/calendar-days";
import Tag from "lucide-react/icons/tag";
import Wallet from "lucide-react/icons/wallet";
import { Skeleton } from "@/components/ui/skeleton";
import { StatTile } from "@/components/ui/stat-tile";
import { formatDollars, formatIsoDate, formatMonth } from "@/lib/format";

type DashboardTilesProps = { dashboard: InstructorDashboard } | { dashboard?: undefined };

/** The four tiles of spec §2: Today's Lessons, This Week, Monthly Earnings, Your Rates. */
export function DashboardTiles({ dashboard }: DashboardTilesProps) {
  const loading = <Skeleton className="h-9 w-16" />;
  const loadingDetail = <Skeleton className="h-4 w-32" />;
  const tiles = dashboard?.tiles;
  const lessons = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatTile
        isCompact
        isRegion
        icon={<CalendarCheck className="size-5" />}
        label="Today's Lessons"
        value={tiles ? tiles.todaysLessons : loading}
        detail={
          dashboard
            ? `${lessons(tiles?.todaysLessons ?? 0)} on ${formatIsoDate(dashboard.today)}`
            : loadingDetail
        }
      />
      <StatTile
        isCompact
        isRegion
        icon={<CalendarDays className="size-5" />}
        label="This Week"
        value={tiles ? tiles.thisWeek : loading}
        detail={tiles ? `${lessons(tiles.thisWeek)}, Monday to Sunday` : loadingDetail}
      />
      <StatTile
        isCompact
        isRegion
        icon={<Wallet className="size-5" />}
        label="Monthly Earnings"
        value={tiles ? formatDollars(tiles.monthlyEarnings) : loading}
        detail={
          dashboard
            ? `After the ${PLATFORM_FEE_PERCENT} platform fee · ${formatMonth(dashboard.month)}`
            : loadingDetail
        }
      />
      <StatTile
        isCompact
        isRegion
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
              {/* No pool rate for an instructor who has opted out of pool hours. */}
              {tiles.poolRate === null ? null : (
                <>
                  <br />
                  Pool hours:{" "}
                  <span className="font-semibold text-slate-900">{formatDollars(tiles.poolRate)}/hour</span>
                </>
              )}
            </>
          ) : (
            loadingDetail
          )
        }
      />
    </div>
  );
}
