import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { DocumentTitle } from "@/components/ui/document-title";

type AccountCardPageProps = {
  title: string;
  description: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** The narrow centred card of the login and register pages, for the public account pages. */
export function AccountCardPage({ title, description, footer, children }: AccountCardPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <DocumentTitle title={title} />
      <div className="flex flex-col gap-2 text-center">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{title}</h1>
        <p className="text-slate-600">{description}</p>
      </div>
      <Card>
        <CardContent className="sm:px-8 sm:py-8">{children}</CardContent>
      </Card>
      {footer ? <p className="text-center text-slate-600">{footer}</p> : null}
    </div>
  );
}
