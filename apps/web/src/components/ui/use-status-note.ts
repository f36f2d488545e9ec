import { useCallback, useState } from "react";
import type { StatusNote, StatusTone } from "./status-message";

/** The page's latest outcome message; each one is new, so the same words twice are announced twice. */
export function useStatusNote() {
  const [note, setNote] = useState<StatusNote | null>(null);
  const announce = useCallback(
    (text: string, tone: StatusTone = "success") =>
      setNote((last) => ({ id: (last?.id ?? 0) + 1, text, tone })),
    [],
  );
  return { note, announce };
}
