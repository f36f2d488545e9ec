import { ArrowRight, CalendarPlus, GraduationCap, Package } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

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
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-2 text-slate-600">
        <span
          className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </span>
        <h2 className="font-medium text-sm">{label}</h2>
      </div>
      <p className="font-bold text-3xl text-slate-900 tracking-tight">{value}</p>
      <p className="text-slate-600 text-sm">{detail}</p>
    </div>
  );
}

type StatTilesProps =
  | {
      isLoading: true;
      activeBundleCount?: undefined;
      lessonsAvailable?: undefined;
      lessonsCompleted?: undefined;
    }
  | { isLoading?: false; activeBundleCount: number; lessonsAvailable: number; lessonsCompleted: number };

/** The dashboard's three tiles (spec §2): Book a Lesson, Active Bundles, Lessons Completed. */
export function StatTiles(props: StatTilesProps) {
  const loadingValue = <Skeleton className="h-9 w-12" />;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Link
        to={paths.student.book()}
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
      <Tile
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
      <Tile
        icon={<GraduationCap className="size-5" />}
        label="Lessons Completed"
        value={props.isLoading ? loadingValue : props.lessonsCompleted}
        detail="Every lesson counts towards your test"
      />
    </div>
  );
}
