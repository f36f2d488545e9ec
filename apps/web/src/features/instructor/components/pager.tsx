import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  isFetching?: boolean;
  /** e.g. "lessons" in "21–40 of 45 lessons". */
  noun: string;
};

export function Pager({ page, pageSize, total, onPageChange, isFetching, noun }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
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
      <p className="text-center text-slate-600 text-sm" aria-live="polite">
        {first}–{last} of {total} {noun}
      </p>
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
