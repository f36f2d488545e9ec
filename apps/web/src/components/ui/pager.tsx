import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Button } from "./button";

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  isFetching?: boolean;
  /** The thing counted, one and many: ["user", "users"] for "1 user" and "21–40 of 45 users". */
  noun: readonly [one: string, other: string];
  /** When everything fits on one page: say how many there are ("3 users"), or show nothing. */
  onSinglePage?: "count" | "nothing";
};

/** Previous / Next with "21–40 of 45 users"; on a single page, the count alone or nothing. */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  isFetching,
  noun,
  onSinglePage = "count",
}: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const counted = `${total} ${total === 1 ? noun[0] : noun[1]}`;
  const summary = (
    <p className="text-center text-slate-600 text-sm" aria-live="polite">
      {pageCount > 1 ? `${first}–${last} of ${counted}` : counted}
    </p>
  );
  if (pageCount <= 1) return onSinglePage === "count" ? <div className="pt-4">{summary}</div> : null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-4">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1 || isFetching}
        onClick={() => onPageChange(page - 1)}
        icon={<ChevronLeft className="size-4" aria-hidden="true" />}
      >
        Previous
      </Button>
      {summary}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount || isFetching}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
