import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Package from "lucide-react/icons/package";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { StatTile } from "@/components/ui/stat-tile";
import { paths } from "@/config/paths";

type StatTilesProps = (
  | {
      isLoading: true;
      activeBundleCount?: undefined;
      lessonsAvailable?: undefined;
      lessonsCompleted?: undefined;
    }
  | { isLoading?: false; activeBundleCount: number; lessonsAvailable: number; lessonsCompleted: number }
) & {
  /** Lets the dashboard ask before a new booking throws an unfinished one away. */
  onBookClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** The dashboard's three tiles (spec §2): Book a Lesson, Active Bundles, Lessons Completed. */
export function StatTiles(props: StatTilesProps) {
  const loadingValue = <Skeleton className="h-9 w-12" />;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Link
        to={paths.student.book()}
        onClick={props.onBookClick}
        className="group flex flex-col justify-between gap-3 rounded-2xl bg-brand-600 p-5 text-white shadow-sm transition-colors hover:bg-brand-700"
      >
        <span className="flex items-center gap-2">
          <span className="flex size-9 items-center justify-center rounded-lg bg-white/15" aria-hidden="true">
            <CalendarPlus className="size-5" />
          </span>
          <span className="font-semibold text-lg">Book a Lesson</span>
        </span>
        <span className="flex items-center justify-between gap-2 text-brand-50 text-sm">
          Find an instructor and pick your times
          <ArrowRight
            className="size-5 shrink-0 transition-transform group-hover:translate-x-1"
            aria-hidden="true"
          />
        </span>
      </Link>
      <StatTile
        icon={<Package className="size-5" />}
        label="Active Bundles"
        value={props.isLoading ? loadingValue : props.activeBundleCount}
        detail={
          props.isLoading ? (
            <Skeleton className="h-4 w-32" />
          ) : (
            `${props.lessonsAvailable} ${props.lessonsAvailable === 1 ? "lesson" : "lessons"} available`
          )
        }
      />
      <StatTile
        icon={<GraduationCap className="size-5" />}
        label="Lessons Completed"
        value={props.isLoading ? loadingValue : props.lessonsCompleted}
        detail="Every lesson counts towards your test"
      />
    </div>
  );
}
