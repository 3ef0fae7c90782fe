/** A lender's book in Europe: own ids and names in German, a value column in EUR, coastal and inland sites. */
export const LENDER_SITES = [
  { id: "OBJ-001", name: "Lager Rotterdam", country: "NL", lat: 51.935, lon: 4.468, value: 4_200_000 },
  { id: "OBJ-002", name: "Büro Hamburg", country: "DE", lat: 53.5511, lon: 9.9937, value: 3_100_000 },
  { id: "OBJ-003", name: "Filiale Köln", country: "DE", lat: 50.9375, lon: 6.9603, value: 1_250_000 },
  { id: "OBJ-004", name: "Zentrale Frankfurt", country: "DE", lat: 50.1109, lon: 8.6821, value: 9_800_000 },
  { id: "OBJ-005", name: "Werk München", country: "DE", lat: 48.1351, lon: 11.582, value: 2_700_000 },
  { id: "OBJ-006", name: "Büro Wien", country: "AT", lat: 48.2082, lon: 16.3738, value: 1_900_000 },
  { id: "OBJ-007", name: "Lager Warszawa", country: "PL", lat: 52.2297, lon: 21.0122, value: 800_000 },
  { id: "OBJ-008", name: "Hotel Venezia", country: "IT", lat: 45.4408, lon: 12.3155, value: 5_600_000 },
  { id: "OBJ-009", name: "Filiale Madrid", country: "ES", lat: 40.4168, lon: -3.7038, value: 1_100_000 },
  { id: "OBJ-010", name: "Büro Lisboa", country: "PT", lat: 38.7223, lon: -9.1393, value: 950_000 },
  { id: "OBJ-011", name: "Lager Marseille", country: "FR", lat: 43.2965, lon: 5.3698, value: 1_400_000 },
  { id: "OBJ-012", name: "Büro Athen", country: "GR", lat: 37.9838, lon: 23.7275, value: 700_000 },
  { id: "OBJ-013", name: "Hafen Amsterdam", country: "NL", lat: 52.3676, lon: 4.9041, value: 3_300_000 },
  { id: "OBJ-014", name: "Filiale Sevilla", country: "ES", lat: 37.3891, lon: -5.9845, value: 620_000 },
] as const;

/** Semicolon CSV with comma decimals, as a German export writes it; the value column names its currency. */
export function lenderCsv(sites: readonly (typeof LENDER_SITES)[number][] = LENDER_SITES): string {
  const comma = (n: number) => String(n).replace(".", ",");
  const lines = ["id;name;country;lat;lon;Marktwert (EUR)"];
  for (const s of sites) lines.push(`${s.id};${s.name};${s.country};${comma(s.lat)};${comma(s.lon)};${comma(s.value)}`);
  return `${lines.join("\r\n")}\r\n`;
}
