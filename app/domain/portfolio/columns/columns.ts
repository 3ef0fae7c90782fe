/**
 * Reading a table of locations the way real exports look: title lines and merged group headers above the column
 * header, coordinates in any common header spelling, comma decimals, swapped latitude and longitude columns.
 */
import { HEADER_SEARCH_ROWS, ROW_REASONS } from "../limits";

export type Cell = string | number | null | undefined;

// Headers are matched in their folded form (headerKey): lower case, accents dropped, ß as ss, words joined by "_".
// English, German, French, Spanish, Italian, Dutch, Polish and Portuguese spellings of each column.
const LAT_RE =
  /^(lat|lat\.|latitude|latitud|latitudine|breite|breitengrad|geogr\.?_breite|geographische_breite|breedtegraad|breedte|szerokosc|szerokosc_geograficzna|y|lat_?dd|lat_?deg|latitude_?deg(rees)?|geo_?lat|gps_?lat|wgs84_?lat|lat_?wgs84)$/;
const LON_RE =
  /^(lon|lng|long|lon\.|longitude|longitud|longitudine|lange|laenge|langengrad|laengengrad|geogr\.?_lange|geographische_lange|lengtegraad|lengte|dlugosc|dlugosc_geograficzna|x|lon_?dd|lng_?dd|lon_?deg|longitude_?deg(rees)?|geo_?lon|geo_?lng|gps_?lon|gps_?lng|wgs84_?lon|lon_?wgs84)$/;
const NAME_RE =
  /^(name|site|site_?name|asset_?name|facility|facility_?name|property|property_?name|location|location_?name|building|description|bezeichnung|objektbezeichnung|objektname|objekt_?name|name_des_objekts|standortname|liegenschaft|nom|nom_du_site|nom_de_l_actif|designation|libelle|nombre|nombre_del_activo|denominacion|descripcion|nome|denominazione|descrizione|naam|omschrijving|objectnaam|nazwa|nazwa_obiektu|opis|designacao)$/;
const ID_RE =
  /^(id|asset_?id|asset_?(no|number|ref|code)|site_?id|site_?code|facility_?id|property_?id|ref|reference|code|location_?id|loc_?id|objekt_?id|objekt_?nr|objekt_?nummer|objektnummer|objektnr|objekt_?kennung|liegenschafts_?(id|nr|nummer)|kennung|id_?objet|identifiant|id_?actif|code_?actif|reference_?actif|id_?activo|codigo|codigo_?activo|referencia|id_?immobile|codice|codice_?immobile|identificativo|object_?id|objectnummer|object_?nr|kenmerk|id_?obiektu|identyfikator|numer_?obiektu)$/;
const VALUE_RE =
  /^(value|asset_?value|insured_?value|sum_?insured|exposure|exposure_?value|market_?value|book_?value|property_?value|amount|loan_?amount|outstanding|tiv|total_?insured_?value|collateral_?value|wert|objektwert|marktwert|verkehrswert|buchwert|versicherungswert|versicherungssumme|beleihungswert|betrag|kreditbetrag|valeur|valeur_?assuree|valeur_?venale|montant|encours|valor|valor_?asegurado|valor_?de_?mercado|importe|valore|valore_?assicurato|valore_?di_?mercato|importo|waarde|marktwaarde|verzekerde_?waarde|bedrag|wartosc|wartosc_?rynkowa|kwota)(_(in_)?(eur|euro|usd|gbp|chf|pln|sek|dkk|nok|czk))?$/;
const COUNTRY_RE =
  /^(country|country_?code|country_?iso|iso_?country|iso2|iso_?3166|ctry|land|landescode|laenderkennzeichen|landerkennzeichen|staat|pays|code_?pays|pais|codigo_?pais|paese|nazione|stato|kraj|kod_?kraju|landcode)$/;
const ADDRESS_RE =
  /^(address|address_?line_?1?|street|street_?address|full_?address|addr|adresse|anschrift|strasse|strasse_?und_?hausnummer|strasse_?hausnummer|postanschrift|adresse_?postale|rue|direccion|domicilio|calle|indirizzo|via|adres|straat|straatnaam|ulica|adres_?obiektu|morada|endereco)$/;
const CITY_RE =
  /^(city|town|municipality|locality|ort|stadt|gemeinde|ortschaft|wohnort|ville|commune|localite|ciudad|localidad|municipio|poblacion|citta|comune|localita|plaats|stad|gemeente|woonplaats|miasto|miejscowosc|gmina|cidade|concelho)$/;
const POSTCODE_RE =
  /^(postcode|post_?code|postal_?code|zip|zip_?code|zipcode|plz|postleitzahl|code_?postal|cp|codigo_?postal|cap|codice_?postale|kod_?pocztowy|kod|cep)$/;

// A loan book's own figures, for the EBA Pillar 3 templates (domain/reports/eba).
const SECTOR_RE =
  /^(nace|nace_?(code|rev_?2|sector|sektor|section|abschnitt)|sector|sector_?code|sector_?nace|industry|industry_?code|branche|branchenschlussel|wirtschaftszweig|wz_?(code|2008)?|secteur|secteur_?(nace|d_?activite)|code_?(nace|naf)|naf|sector_?de_?actividad|settore|bedrijfstak|sbi|sbi_?code|sektor)$/;
const COLLATERAL_RE =
  /^(collateral|collateral_?type|type_?of_?collateral|security_?type|property_?type|immovable_?property|sicherheit|sicherheitenart|art_?der_?sicherheit|besicherung|immobilienart|objektart|nutzungsart|garantie|type_?de_?garantie|type_?de_?bien|surete|type_?de_?surete|onderpand|type_?onderpand|zekerheid|soort_?onderpand|tipo_?de_?garantia|garanzia)$/;
const CARRYING_RE =
  /^(gross_?carrying_?amount|carrying_?amount|gross_?carrying_?value|carrying_?value|gca|bruttobuchwert|brutto_?buchwert|buchwert_?brutto|bruttobetrag|valeur_?comptable_?brute|valeur_?comptable|montant_?brut|bruto_?boekwaarde|boekwaarde|importe_?en_?libros_?bruto|valore_?contabile_?lordo)(_(in_)?(eur|euro|usd|gbp|chf|pln|sek|dkk|nok|czk))?$/;
const MATURITY_RE =
  /^(maturity|maturity_?date|residual_?maturity|remaining_?maturity|maturity_?years|maturity_?in_?years|final_?maturity|laufzeit|restlaufzeit|laufzeitende|falligkeit|faelligkeit|falligkeitsdatum|faelligkeitsdatum|echeance|date_?d_?echeance|date_?echeance|duree_?residuelle|maturite|looptijd|resterende_?looptijd|vervaldatum|einddatum|vencimiento|scadenza)(_(in_)?(years|jahre|ans|jaar))?$/;
const STAGE_RE =
  /^(stage|ifrs_?9_?stage|ifrs_?stage|stage_?ifrs_?9|impairment_?stage|credit_?stage|stufe|ifrs_?9_?stufe|stufe_?ifrs_?9|etape|stade|stade_?ifrs_?9|etape_?ifrs_?9|fase|ifrs_?9_?fase|stadium|npe|non_?performing|performing_?status)$/;
const IMPAIRMENT_RE =
  /^(impairment|accumulated_?impairment|impairments|loan_?loss_?provision|provision|provisions|ecl|expected_?credit_?loss|risikovorsorge|wertberichtigung|einzelwertberichtigung|depreciation|provision_?pour_?depreciation|provisions_?pour_?depreciation|voorziening|voorzieningen|bijzondere_?waardevermindering|deterioro|svalutazione)(_(in_)?(eur|euro|usd|gbp|chf|pln|sek|dkk|nok|czk))?$/;

/** A header in the form the column patterns match: normalised, then accents dropped and ß, ł, ø spelt out. */
export function headerKey(h: Cell): string {
  return normaliseHeader(h)
    .replace(/ß/g, "ss")
    .replace(/ł/g, "l")
    .replace(/ø/g, "o")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/['’]/g, "_")
    .replace(/[.:#°]+/g, "")
    .replace(/_+$/, "");
}

export function normaliseHeader(h: Cell): string {
  return String(h ?? "")
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*?\)\s*/g, "")
    .replace(/[\s\-/]+/g, "_")
    .replace(/_+$/, "");
}

function isLat(h: string) {
  return LAT_RE.test(h) || /(^|_)(latitude|breitengrad)($|_)/.test(h);
}
function isLon(h: string) {
  return LON_RE.test(h) || /(^|_)(longitude|lng|langengrad|laengengrad)($|_)/.test(h);
}

/** Column roles besides the coordinates: what the report needs of a row and the user may choose by hand. */
export const COLUMN_ROLES = [
  "id",
  "name",
  "value",
  "country",
  "address",
  "city",
  "postcode",
  "sector",
  "collateral",
  "carrying",
  "maturity",
  "stage",
  "impairment",
] as const;
/** The roles of a loan book's own figures (EBA Template 5), apart from where the asset is. */
export const LOAN_ROLES = [
  "sector",
  "collateral",
  "carrying",
  "maturity",
  "stage",
  "impairment",
] as const satisfies readonly ColumnRole[];
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** How the column-mapping step names each role. */
export const COLUMN_ROLE_LABELS: Readonly<Record<ColumnRole, string>> = {
  id: "Asset id",
  name: "Name",
  value: "Value (weights the results)",
  country: "Country (checks each point)",
  address: "Address (places rows without coordinates)",
  city: "City",
  postcode: "Postcode",
  sector: "NACE sector (EBA Template 5)",
  collateral: "Collateral: residential / commercial property",
  carrying: "Gross carrying amount",
  maturity: "Maturity (years or date)",
  stage: "IFRS 9 stage",
  impairment: "Accumulated impairment",
};

/** The column-mapping form's value for "no such column". */
export const NO_COLUMN = "";

/**
 * The roles a column-mapping form chose (`column_<role>` fields: a column's index, or NO_COLUMN); null when a field
 * is not a column number. A role the form leaves out is "none".
 */
export function parseColumnChoices(form: { get(name: string): unknown }): Record<ColumnRole, number | null> | null {
  const out = {} as Record<ColumnRole, number | null>;
  for (const role of COLUMN_ROLES) {
    const raw = form.get(`column_${role}`);
    const v = typeof raw === "string" ? raw : NO_COLUMN;
    if (!/^\d{0,4}$/.test(v)) return null;
    out[role] = v === NO_COLUMN ? null : Number(v);
  }
  return out;
}

/** The column each role reads now, by index, from a preview's column names and what it detected. */
export function chosenColumns(
  columns: readonly string[],
  detected: Partial<Record<ColumnRole, string | null>>,
): Record<ColumnRole, number | null> {
  const out = {} as Record<ColumnRole, number | null>;
  for (const role of COLUMN_ROLES) {
    const name = detected[role];
    const i = name ? columns.indexOf(name) : -1;
    out[role] = i >= 0 ? i : null;
  }
  return out;
}

const ROLE_PATTERNS: Readonly<Record<ColumnRole, RegExp>> = {
  id: ID_RE,
  name: NAME_RE,
  value: VALUE_RE,
  country: COUNTRY_RE,
  address: ADDRESS_RE,
  city: CITY_RE,
  postcode: POSTCODE_RE,
  sector: SECTOR_RE,
  collateral: COLLATERAL_RE,
  carrying: CARRYING_RE,
  maturity: MATURITY_RE,
  stage: STAGE_RE,
  impairment: IMPAIRMENT_RE,
};

/** Column of each role by its header, the first that matches; null when none does. */
export function detectRoles(headers: readonly Cell[]): Record<ColumnRole, number | null> {
  const keys = headers.map(headerKey);
  const out = {} as Record<ColumnRole, number | null>;
  for (const role of COLUMN_ROLES) {
    const i = keys.findIndex((k) => ROLE_PATTERNS[role].test(k));
    out[role] = i >= 0 ? i : null;
  }
  return out;
}

export interface ColumnMap extends Record<ColumnRole, number | null> {
  /** Column names as shown to the user (group header prefixed when a merged header row sits above). */
  names: string[];
  lat: number;
  lon: number;
  /** Index of the header row among the rows read (0-based); rows above it are titles or group headers. */
  headerRow: number;
}

/**
 * Finds the column header row among the first rows: the first row with a latitude and a longitude header.
 * Rows above are titles or merged group headers; a group header fills its label to the right over its empty cells
 * and prefixes the names it spans when a name would otherwise repeat.
 */
export function detectColumns(rows: readonly Cell[][]): ColumnMap | null {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let r = 0; r < limit; r++) {
    const norm = rows[r]!.map(headerKey);
    const lat = norm.findIndex(isLat);
    const lon = norm.findIndex(isLon);
    if (lat < 0 || lon < 0 || lat === lon) continue;
    const groups = r > 0 ? fillRight(rows[r - 1]!, norm.length) : [];
    const raw = rows[r]!.map(
      (c, i) =>
        String(c ?? "")
          .replace(/^\uFEFF/, "")
          .trim() || `column ${i + 1}`,
    );
    const counts = new Map<string, number>();
    raw.forEach((n) => counts.set(n.toLowerCase(), (counts.get(n.toLowerCase()) ?? 0) + 1));
    const names = raw.map((n, i) => {
      const g = groups[i];
      return counts.get(n.toLowerCase())! > 1 && g ? `${g} ${n}` : n;
    });
    const roles = detectRoles(rows[r]!);
    // without a name column, a row is named by where it is, so a report's lists say more than its coordinates
    if (roles.name === null) roles.name = roles.address ?? roles.city;
    return { names: dedupe(names), lat, lon, ...roles, headerRow: r };
  }
  return null;
}

function fillRight(row: readonly Cell[], width: number): string[] {
  const out: string[] = [];
  let last = "";
  for (let i = 0; i < width; i++) {
    const v = String(row[i] ?? "").trim();
    if (v) last = v;
    out.push(last);
  }
  return out;
}

function dedupe(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = seen.get(n) ?? 0;
    seen.set(n, k + 1);
    return k ? `${n} (${k + 1})` : n;
  });
}

const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Parses a number as written in spreadsheets: "51.5", "51,5" (comma decimal), "1 234,5", "1,234.5", "12°".
 * Returns null for an empty cell and NaN for text that is not a number.
 */
export function parseNumberCell(v: Cell): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : NaN;
  // the common case, a plain decimal, without the rewrites below
  if (PLAIN_DECIMAL.test(v)) return Number(v);
  let s = v.replace(/[\u00a0\u202f\s']/g, "").replace(/°$/, "");
  if (s === "") return null;
  if (/^[+-]?\d+,\d+$/.test(s)) s = s.replace(",", ".");
  else if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(s)) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return NaN;
  return Number(s);
}

/**
 * Columns the user may weight by: at least 80% of the non-empty sampled values are numbers.
 * Coordinates and the id column are not offered.
 */
export function numericColumns(map: ColumnMap, sample: readonly Cell[][]): string[] {
  const out: string[] = [];
  map.names.forEach((name, i) => {
    // Coordinates, ids and postcodes are numbers that weigh nothing: never offered as a weighting.
    if (i === map.lat || i === map.lon || i === map.id || i === map.postcode) return;
    let filled = 0,
      numbers = 0;
    for (const row of sample) {
      const n = parseNumberCell(row[i]);
      if (n === null) continue;
      filled++;
      if (!Number.isNaN(n)) numbers++;
    }
    if (filled > 0 && numbers / filled >= 0.8) out.push(name);
  });
  return out;
}

/** Rows of the sample that fit only the columns as named, and rows that fit only with them swapped. */
export interface ColumnOrderEvidence {
  asNamed: number;
  swapped: number;
}

/**
 * Counts, row by row, which reading of the two columns gives a real place: coordinates in range and `isPlace`
 * (on land) true. A row that fits both readings or neither says nothing about the order, so one row with a
 * latitude of 95 cannot turn the file round.
 */
export function columnOrderEvidence(
  map: Pick<ColumnMap, "lat" | "lon">,
  sample: readonly Cell[][],
  isPlace: (lat: number, lon: number) => boolean,
): ColumnOrderEvidence {
  const fits = (lat: number, lon: number) =>
    Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0) && isPlace(lat, lon);
  const evidence = { asNamed: 0, swapped: 0 };
  for (const row of sample) {
    const a = parseNumberCell(row[map.lat]);
    const b = parseNumberCell(row[map.lon]);
    if (a === null || b === null || Number.isNaN(a) || Number.isNaN(b)) continue;
    const named = fits(a, b);
    const swapped = fits(b, a);
    if (named && !swapped) evidence.asNamed++;
    else if (swapped && !named) evidence.swapped++;
  }
  return evidence;
}

/** The columns are read the other way round when more rows fit only that way than fit only as named. */
export function readsSwapped(evidence: ColumnOrderEvidence): boolean {
  return evidence.swapped > evidence.asNamed;
}

export type RowCheck =
  { ok: true; lat: number; lon: number } | { ok: false; reason: string; kind: "invalid" | "out_of_range" };

/** Coordinates of one row, or why the row cannot be used. */
export function checkCoordinates(latCell: Cell, lonCell: Cell): RowCheck {
  const lat = parseNumberCell(latCell);
  const lon = parseNumberCell(lonCell);
  if (lat === null) return { ok: false, kind: "invalid", reason: ROW_REASONS.missingLat };
  if (lon === null) return { ok: false, kind: "invalid", reason: ROW_REASONS.missingLon };
  if (Number.isNaN(lat)) return { ok: false, kind: "invalid", reason: ROW_REASONS.textLat };
  if (Number.isNaN(lon)) return { ok: false, kind: "invalid", reason: ROW_REASONS.textLon };
  if (lat === 0 && lon === 0) return { ok: false, kind: "invalid", reason: ROW_REASONS.nullIsland };
  if (lat < -90 || lat > 90) return { ok: false, kind: "out_of_range", reason: ROW_REASONS.latRange };
  if (lon < -180 || lon > 180) return { ok: false, kind: "out_of_range", reason: ROW_REASONS.lonRange };
  return { ok: true, lat, lon };
}

export function isBlankRow(row: readonly Cell[]): boolean {
  return row.every((c) => c === null || c === undefined || (typeof c === "string" && c.trim() === ""));
}
