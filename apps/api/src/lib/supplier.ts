import { DEMO_SUPPLIER_ABN } from "@kerb/shared";
import type { Env } from "../env.ts";

/**
 * Kerb as the supplier on the invoice screen and the tax invoice. While the deployment still has the
 * demonstration ABN (the default), the documents must say so: they are not real tax invoices.
 */
export function kerbSupplier(env: Pick<Env, "SUPPLIER_NAME" | "SUPPLIER_ABN">) {
  return {
    supplier: { name: env.SUPPLIER_NAME, abn: env.SUPPLIER_ABN },
    isDemoSupplier: env.SUPPLIER_ABN === DEMO_SUPPLIER_ABN,
  };
}
