import { isRouteErrorResponse, useRouteError } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { paths } from "@/config/paths";
import { NotFoundPage } from "./not-found-page";

/** Last-resort boundary for errors thrown while rendering or loading a route (e.g. a failed chunk load). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-5 px-4 py-20">
      <DocumentTitle title="Something went wrong" />
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Something went wrong</h1>
      <Alert tone="error">
        This page hit an unexpected problem. Reloading usually fixes it; if it keeps happening, please try
        again later.
      </Alert>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <ButtonLink to={paths.home()} variant="outline" reloadDocument>
          Go to the home page
        </ButtonLink>
      </div>
    </div>
  );
}
