import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getInstructorsQueryOptions } from "../api/get-instructors";
import { standardPriceCents } from "../model/pool-saving";
import type { SelectedSlot } from "../model/selection";

export type StandardPriceOf = (slot: SelectedSlot) => number | null;

/**
 * What each pool slot of the suburb would cost at the standard rate (see standardPriceCents). Until
 * the listing arrives, or if it cannot be loaded, no saving is shown: the pool price stands alone.
 */
export function useStandardPrices(suburb: string): StandardPriceOf {
  const { data } = useQuery(getInstructorsQueryOptions({ suburb }));
  return useCallback((slot: SelectedSlot) => (data ? standardPriceCents(slot, data) : null), [data]);
}
