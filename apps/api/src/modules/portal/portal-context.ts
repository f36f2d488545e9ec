import type { AppContext } from "../../context.ts";

/** What a screen's read model needs: it reads, so a database and a clock. */
export type PortalContext = Pick<AppContext, "db" | "now">;
