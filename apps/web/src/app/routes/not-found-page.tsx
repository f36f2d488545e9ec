import SignpostBig from "lucide-react/icons/signpost-big";
import { ButtonLink } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
      <DocumentTitle title="Page not found" />
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SignpostBig className="size-8" aria-hidden="true" />
      </div>
      <p className="font-semibold text-brand-700">404</p>
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Wrong turn</h1>
      <p className="text-slate-600">
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.home()}>Back to home</ButtonLink>
        <ButtonLink to={paths.student.book()} variant="outline">
          Book a lesson
        </ButtonLink>
      </div>
    </div>
  );
}
