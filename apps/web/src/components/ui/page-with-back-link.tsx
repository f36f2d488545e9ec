import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";

type PageWithBackLinkProps = {
  /** The browser tab's title. */
  documentTitle: string;
  /** Where the student came from: the link above the page's step. */
  back: { to: string; label: string };
  children: ReactNode;
};

/** A booking page outside the wizard (Use Bundle, Reschedule): a way back, then its step. */
export function PageWithBackLink({ documentTitle, back, children }: PageWithBackLinkProps) {
  return (
    <Container className="flex flex-col gap-6 py-6 sm:py-10">
      <DocumentTitle title={documentTitle} />
      <div className="flex min-h-11 items-center">
        <ButtonLink
          to={back.to}
          variant="ghost"
          className="-ml-3"
          icon={<ArrowLeft className="size-5" aria-hidden="true" />}
        >
          {back.label}
        </ButtonLink>
      </div>
      {children}
    </Container>
  );
}
