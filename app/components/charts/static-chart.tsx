import { lazy, Suspense, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ChartKind, ChartProps } from "./chart-registry";
// An empty module in the browser build (Remix drops *.server files there), so nivo stays out of the page's script.
import { renderChartMarkup } from "./render.server";

const LazyChart = lazy(() => import("./chart-registry"));

/**
 * A nivo chart as server-rendered SVG. Hydration keeps the server's markup (React leaves the children of an element
 * with dangerouslySetInnerHTML alone), so the browser downloads no chart code for the first page. Only when the data
 * changes after a client navigation, or the chart mounts in the browser, is nivo loaded to draw it there.
 */
export function StaticChart<K extends ChartKind>({ kind, props, className }: { kind: K; props: ChartProps<K>; className?: string }) {
  const hydrated = useHydrated();
  const signature = JSON.stringify(props);
  // Captured at first render: during hydration the DOM already holds the server's SVG for these props.
  const [serverSignature] = useState(() => (hydrated ? null : signature));
  if (typeof document === "undefined") {
    return <div className={className} dangerouslySetInnerHTML={{ __html: renderChartMarkup(kind, props) }} />;
  }
  if (serverSignature === signature) {
    return <div className={className} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <LazyChart kind={kind} props={props} />
      </Suspense>
    </div>
  );
}
