import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export const LOADING_BAR_THROTTLE_MS = 200;
const LOADING_BAR_RUN_MS = 5_000;

type Phase = "idle" | "running" | "finishing";

/** Top progress bar: appears only if navigation takes over 200 ms, creeps for ~5 s, then jumps to 100 %. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
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
