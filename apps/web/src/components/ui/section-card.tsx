import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";

/** One admin section: its heading and a line of context, filters, then the list. */
export function SectionCard({
  title,
  description,
  filters,
  children,
}: {
  title: string;
  description: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="flex flex-col gap-1 px-5 pt-5 sm:px-6 sm:pt-6">
        <h2 className="font-semibold text-slate-900 text-xl">{title}</h2>
        <p className="text-slate-600 text-sm">{description}</p>
      </div>
      {filters ? <div className="px-5 pt-4 sm:px-6">{filters}</div> : null}
      <CardContent>{children}</CardContent>
    </Card>
  );
}
