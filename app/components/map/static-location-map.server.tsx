import { renderToStaticMarkup } from "react-dom/server";
import { placeOutline } from "~/services/maps/map-data.server";
import { StaticLocationMap, type StaticLocationMapProps } from "./static-location-map";

/**
 * The static map's SVG markup, drawn on the server with the place's outline, which page loaders leave out of their
 * data (`mapDataForPage`): the browser keeps this markup through hydration and never needs the outline itself.
 */
export function renderStaticLocationMap(props: StaticLocationMapProps): string {
  const { data } = props;
  const withOutline =
    data.outline.length || !data.outlineCode ? data : { ...data, outline: placeOutline(data.outlineCode) };
  return renderToStaticMarkup(<StaticLocationMap {...props} data={withOutline} />);
}
