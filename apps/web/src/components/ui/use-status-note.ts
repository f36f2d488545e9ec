import { useCallback, useState } from "react";
import type { StatusNote, StatusTone } from "./status-message";

/**
 * The page's latest outcome message; each one is new, so the same words twice are announced twice.
 * `initial` is a message the page opens with (e.g. what the previous page finished).
 */
export function useStatusNote(initial: string | null = null) {
  const [note, setNote] = useState<StatusNote | null>(() =>
    initial ? { id: 1, text: initial, tone: "success" } : null,
  );
  const announce = useCallback(
    (text: string, tone: StatusTone = "success") =>
      setNote((last) => ({ id: (last?.id ?? 0) + 1, text, tone })),
    [],
  );
  return { note, announce };
}
