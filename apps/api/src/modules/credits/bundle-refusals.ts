import { BUNDLE_VALIDITY } from "@kerb/shared/words";
import { AppError } from "../../lib/app-error.ts";

/** The refusals every use of a student's bundle shares. */
export const bundleNotFound = () => new AppError("not_found", "Bundle not found");

export const bundleExpired = () =>
  new AppError("bundle_expired", `This bundle has expired: its credits could be used for ${BUNDLE_VALIDITY}`);
