import { Spinner } from "@/components/ui/spinner";

/** Said while a refused booking's times are asked again, before saying which were taken. */
export function CheckingSlotsStatus() {
  return (
    <div role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner className="size-5" />
      Checking which of your times are still free…
    </div>
  );
}
