/** The default location: London, GB, hexagon 84194adffffffff (coordinates rounded to 3 decimals). */
export const SAMPLE_DEFAULT_LOCATION = {
  lat: 51.507,
  lon: -0.128,
  country: "GB",
  city: "London",
  hexagon: "84194adffffffff",
} as const;
