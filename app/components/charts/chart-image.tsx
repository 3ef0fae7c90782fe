import { CHART_IMAGE_SIZE, type ChartImageKind } from "~/domain/dashboard/charts/chart-images";

/**
 * A small chart as an image the server draws from its URL (app/domain/dashboard/charts/chart-images.ts): fetched only when it comes
 * into view, no chart code in the page, and the same picture with or without JavaScript.
 */
export function ChartImage({ kind, src, alt }: { kind: ChartImageKind; src: string; alt: string }) {
  const { width, height } = CHART_IMAGE_SIZE[kind];
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className="h-auto max-w-full"
    />
  );
}
