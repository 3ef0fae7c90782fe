/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark or white text, whichever reads better on the background (WCAG contrast). */
export function textColourOn(background: string): string {
  const l = luminance(background);
  const dark = (l + 0.05) / (luminance("#0f172a") + 0.05);
  const light = 1.05 / (l + 0.05);
  return dark >= light ? "#0f172a" : "#ffffff";
}
