import type { Continent } from "./depth-damage-functions";

/**
 * Which continental damage function applies to a country (ISO 3166-1 alpha-2), following the report's grouping:
 * Central America, Mexico and the Caribbean go with South America; Russia, Turkey and the Caucasus with Europe;
 * Pacific islands with Oceania.
 */
const MEMBERS: Record<Continent, string> = {
  europe:
    "AD AL AM AT AX AZ BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GE GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK",
  "north-america": "US CA GL PM BM",
  "south-america":
    "MX GT BZ SV HN NI CR PA CU JM HT DO PR BS BB TT AG DM GD KN LC VC AI AW BQ CW SX MF BL KY TC VG VI MS GP MQ CO VE GY SR GF EC PE BR BO PY UY AR CL FK GS",
  asia: "AF BD BH BN BT CN HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TW UZ VN YE AE IO CC CX",
  africa:
    "DZ AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW",
  oceania: "AU NZ PG FJ SB VU NC PF WS TO KI TV NR FM MH PW CK NU TK WF AS GU MP PN NF HM UM",
};

const BY_COUNTRY = new Map<string, Continent>();
for (const [continent, codes] of Object.entries(MEMBERS) as [Continent, string][]) {
  for (const code of codes.split(" ")) BY_COUNTRY.set(code, continent);
}

export function continentOf(countryCode: string | null | undefined): Continent | null {
  return countryCode ? (BY_COUNTRY.get(countryCode.toUpperCase()) ?? null) : null;
}
