import { formatSydneyDate, formatSydneyTime } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";

/** The web app's page at `path`, which takes the emailed token. */
export const webLink = (ctx: AppContext, path: string) => `${publicOrigin(ctx.env)}${path}`;

/** An instant as the account emails print it. */
export const when = (instant: Date) =>
  `${formatSydneyDate(instant)} at ${formatSydneyTime(instant)} (Sydney)`;
