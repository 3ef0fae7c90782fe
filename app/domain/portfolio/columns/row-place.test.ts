import {
  DECLARED_COUNTRY_KM,
  POINT_PRECISION,
  ROW_PLACE_REASONS,
  placeRow,
  postcodeOf,
  type GazetteerPlace,
  type RowPlaceColumns,
  type RowPlaceLookups,
} from "./row-place";

const KOELN: GazetteerPlace = { name: "Köln", countryCode: "DE", lat: 50.9333, lon: 6.95 };
const look: RowPlaceLookups = {
  countryAt: (lat, lon) => (lat > 47 && lat < 55 && lon > 6 && lon < 15 ? "DE" : null),
  countryCode: (cell) => (/^(de|deutschland|germany)$/i.test(cell) ? "DE" : null),
  placesNamed: (name) => (/^(köln|koeln|cologne)$/i.test(name) ? [KOELN] : []),
  countryName: (code) => (code === "DE" ? "Germany" : code),
};
// id, address, postcode, city, country, lat, lon
const cols: RowPlaceColumns = { address: 1, postcode: 2, city: 3, country: 4, lat: 5, lon: 6 };

describe("address-only rows", () => {
  it("are placed at their city's centroid, the postcode named with the place", () => {
    expect(placeRow(["K-1", "", "50968", "Köln", "DE", "", ""], cols, look)).toEqual({
      ok: true,
      lat: KOELN.lat,
      lon: KOELN.lon,
      precision: POINT_PRECISION.city,
      place: "Köln, DE (postcode 50968; placed at the city)",
    });
    // the postcode in the address when the file has no postcode column
    expect(placeRow(["K-2", "Hohe Straße 1, 50667 Köln", "", "", "DE", "", ""], cols, look)).toMatchObject({
      ok: true,
      place: "Köln, DE (postcode 50667; placed at the city)",
    });
    expect(placeRow(["K-3", "", "", "Köln", "", "", ""], cols, look)).toMatchObject({ ok: true, place: "Köln, DE" });
  });

  it("a row with only a postcode is refused with the reason, not with 'latitude is empty'", () => {
    expect(placeRow(["K-4", "", "50667", "", "DE", "", ""], cols, look)).toEqual({
      ok: false,
      kind: "invalid",
      reason: ROW_PLACE_REASONS.postcodeOnly("50667"),
    });
  });

  it("reads a postcode from the address, never the street's house number", () => {
    const c = { address: 0, postcode: null };
    expect(postcodeOf(["Marienplatz 1, 80331 München"], c)).toBe("80331");
    expect(postcodeOf(["Stephansplatz 1, A-1010 Wien"], c)).toBe("A-1010");
    expect(postcodeOf(["Keizersgracht 1, 1015 CJ Amsterdam"], c)).toBe("1015 CJ");
    expect(postcodeOf(["Hohe Straße 1"], c)).toBeNull();
    expect(postcodeOf(["Hauptstraße 12, Köln"], c)).toBeNull();
  });
});

describe("a row near its declared country's border", () => {
  const border: RowPlaceLookups = {
    ...look,
    countryCode: (cell) => (/^(de|at)$/i.test(cell) ? cell.toUpperCase() : null),
    countryName: (code) => ({ DE: "Germany", AT: "Austria" })[code] ?? code,
    // Austria's outline lies 2 km east of lon 13.0
    nearCountry: (_lat, lon, country, km) => country === "AT" && 13.0 - lon <= km / 75,
  };
  it(`is that country's within ${DECLARED_COUNTRY_KM} km of its outline, as given and not swapped`, () => {
    expect(placeRow(["P-1", "", "", "", "AT", "48.57", "12.99"], cols, border)).toEqual({
      ok: true,
      lat: 48.57,
      lon: 12.99,
      precision: POINT_PRECISION.given,
    });
  });
  it("is refused farther away", () => {
    expect(placeRow(["P-2", "", "", "", "AT", "48.57", "12.5"], cols, border)).toMatchObject({
      ok: false,
      kind: "invalid",
      reason: ROW_PLACE_REASONS.notInCountry("Germany", "Austria"),
    });
  });
});
