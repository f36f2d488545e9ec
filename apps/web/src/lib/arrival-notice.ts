import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A sentence one page hands to the next it navigates to ("Bookings confirmed successfully!"), shown
 * there in the page's status message instead of a native alert before leaving. Carried in the history
 * entry's state, and taken out of it once read, so a reload or Back does not say it again.
 */
type ArrivalNoticeState = { arrivalNotice: string };

export function arrivalNotice(text: string): ArrivalNoticeState {
  return { arrivalNotice: text };
}

/** The notice this page was navigated to with, if any (read once, then dropped from the history entry). */
export function useArrivalNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Partial<ArrivalNoticeState> | null;
  const [notice] = useState(() => (typeof state?.arrivalNotice === "string" ? state.arrivalNotice : null));
  useEffect(() => {
    if (typeof state?.arrivalNotice !== "string") return;
    const { arrivalNotice: _read, ...rest } = state;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
  }, [state, location.pathname, location.search, location.hash, navigate]);
  return notice;
}
