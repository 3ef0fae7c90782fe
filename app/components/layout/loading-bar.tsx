import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  MIN_DISPLAY_DELAY_MS,
  navigationTimeoutMs,
  REQUEST_TIMEOUT_MESSAGE,
} from "~/domain/http/requests/request-timing";
import { notify } from "./toaster";

export const LOADING_BAR_THROTTLE_MS = MIN_DISPLAY_DELAY_MS;
const LOADING_BAR_RUN_MS = 5_000;

type Phase = "idle" | "running" | "finishing";

/** Top progress bar: appears only if navigation takes over 200 ms, creeps for ~5 s, then jumps to 100 %. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useNavigationTimeout();
  const [phase, setPhase] = useState<Phase>("idle");
  const [width, setWidth] = useState(0);
  const phaseRef = useRef<Phase>("idle");
  phaseRef.current = phase;

  useEffect(() => {
    if (busy) {
      const start = setTimeout(() => {
        setPhase("running");
        setWidth(0);
        requestAnimationFrame(() => setWidth(90));
      }, LOADING_BAR_THROTTLE_MS);
      return () => clearTimeout(start);
    }
    if (phaseRef.current !== "running") return;
    setPhase("finishing");
    setWidth(100);
    const hide = setTimeout(() => {
      setPhase("idle");
      setWidth(0);
    }, 300);
    return () => clearTimeout(hide);
  }, [busy]);

  if (phase === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      className="fixed inset-x-0 top-0 z-50 h-1"
    >
      <div
        className="h-full bg-brand-500"
        style={{
          width: `${width}%`,
          transition: phase === "running" ? `width ${LOADING_BAR_RUN_MS}ms ease-out` : "width 200ms linear",
        }}
      />
    </div>
  );
}

/**
 * A page load or form submission that outlives the client timeout (10 s, 30 s for uploads) is abandoned: the
 * current page is loaded again, which cancels the pending request, and a toast says why.
 */
function useNavigationTimeout() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const here = useLocation();
  const target = navigation.location;
  const key = navigation.state === "idle" || !target ? null : `${target.key}:${navigation.formMethod ?? "get"}`;
  const abandoning = useRef(false);
  useEffect(() => {
    if (!key || !target) return;
    const ms = navigationTimeoutMs({
      formEncType: navigation.formEncType,
      formMethod: navigation.formMethod,
      pathname: target.pathname,
    });
    if (ms === null) return;
    const timer = setTimeout(() => {
      notify({ type: "error", title: REQUEST_TIMEOUT_MESSAGE });
      // Reloading the page we are on stops the stalled request; if that reload stalls too, leave it be.
      if (abandoning.current) return;
      abandoning.current = true;
      navigate(`${here.pathname}${here.search}`, { replace: true, preventScrollReset: true });
    }, ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per pending navigation
  }, [key]);
  useEffect(() => {
    if (navigation.state === "idle") abandoning.current = false;
  }, [navigation.state]);
}
