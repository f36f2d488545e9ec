import { LESSON_MINUTES } from "@kerb/shared";
import { useQuery } from "@tanstack/react-query";
import { getInstructorsQueryOptions } from "../api/get-instructors";

const STANDARD_ONLY: readonly number[] = [LESSON_MINUTES];

/**
 * The lesson lengths an instructor offers in `suburb`, read from the suburb's listing (the query the
 * slot step already makes for pool savings). 60 minutes only without an instructor (auto-assigned pool
 * lessons are an hour), until the listing arrives (`isPending`), or if it cannot be loaded.
 */
export function useOfferedLengths(
  suburb: string,
  instructorId: string | null | undefined,
): { lengths: readonly number[]; isPending: boolean } {
  const { data, isPending } = useQuery({
    ...getInstructorsQueryOptions({ suburb }),
    enabled: Boolean(instructorId),
  });
  if (!instructorId) return { lengths: STANDARD_ONLY, isPending: false };
  const lengths = data?.find((i) => i.id === instructorId)?.lessonLengths;
  return { lengths: lengths && lengths.length > 0 ? lengths : STANDARD_ONLY, isPending };
}
