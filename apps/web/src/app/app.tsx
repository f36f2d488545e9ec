import { useState } from "react";
import { RouterProvider } from "react-router";
import { paths } from "@/config/paths";
import { setSessionExpiredHandler } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(() => {
    const appRouter = createAppRouter();
    // A refresh that fails ends the session: forget the old user's data and ask them to log in again.
    setSessionExpiredHandler(() => {
      queryClient.clear();
      void appRouter.navigate(paths.auth.login(), { replace: true });
    });
    return appRouter;
  });

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
