/**
 * The changelog of the public API and of the hazard dataset, newest first: the one source of /api/changelog and of
 * the OpenAPI document's `info.version` (the newest API entry's version).
 */
export interface ChangelogEntry {
  /** ISO date the change was released. */
  date: string;
  kind: "api" | "dataset";
  /** The API's version (the document's info.version) or the dataset's (an answer's dataset_version). */
  version: string;
  title: string;
  changes: readonly string[];
  /** For an API entry that came with a dated version: the `API-Version` a request pins to get it. */
  api_version?: string;
  /** For a dataset entry: when it was published (ISO time) and the sha256 of its scores file, risk-cells.bin.gz. */
  dataset?: { published_at: string; sha256: string };
}

export const API_CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.21.0",
    title: "A point beside a large river's mapped line holds its whole valley floor",
    changes: [
      "River flood (FD) of a point. A point's floodplain was read on the 2′ grid alone (pixels about 3.7 km apart): where valley sides rise within a pixel, every point of that pixel held the share of its width the valley floor covers, the town on the river's bank as little as the slope above it, and Paris's centre, 1 km from the Seine's mapped line, read Moderate. A point now also reads its own distance to the mapped line of its river (WDBII's single-lined major rivers, drawn to about 1 km; dataset 4.13.0) where the river drains 5,000 km² or more and the line lies where the grid puts the channel: within the valley floor's half-width and the line's error of 1 km it holds the whole floor, beyond them its share falls to none over another kilometre. The line only adds to the grid's reading: it gives no height, so a point far from it keeps what the grid reads. The explanation names the distance to the mapped line where it was read.",
      "Measured on dataset 4.13.0: of 20,000 random land points, 133 rise a river-flood level and none falls; High or above goes from 10.9 % to 11.0 % (100,000 others, seed 7: 11.3 % to 11.5 %; 693 rise). On a 2 km grid of 441 points, High or above stays 47.8 % around Köln and goes from 42.4 % to 46.7 % around Passau, 21.5 % to 24.0 % around Dresden, 32.9 % to 37.0 % around Regensburg, 42.2 % to 47.4 % around Paris. Paris reads High (0.52; Moderate, 0.27, before); Regensburg's old town on the Danube now reads above the Keilberg hill beside it. The hand-checked places go from 276 to 277 of 309 checks and the river-flood panel from 105 to 106 of 111 (95.5 %). Two-km neighbours three river-flood levels apart: 0.01 % to 0.02 % (0.03 % to 0.06 % on 100,000 points).",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.13.0",
    title: "Dataset 4.13.0",
    dataset: {
      published_at: "2026-12-03T06:00:00Z",
      sha256: "b7f6407418d31a1e8bba909ff07041a2e13b117877cdc5b19a460bab30682f74",
    },
    changes: [
      "A new file, river-lines.bin.gz (1.1 MB): the lines of the single-lined major rivers of World Data Bank II (levels 1-2, 9,355 lines, 177,228 vertices) as drawn, which a point near a large river reads its own distance to (API 1.21.0). Double-lined rivers are left out: their line lies kilometres from the banks a town stands on. The scores of hexagons, countries and regions are unchanged.",
      "point-drivers.bin.gz no longer holds a flatness byte for each of its 3.07 million floodplain pixels, which no point read (a point's flatness is its own slope's): 3 MB less for a server to hold in memory, more than the river lines' index takes. Every point reads as before.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.20.0",
    title: "A point lies in a river's floodplain only within its valley floor",
    changes: [
      "River flood (FD) of a point. A point took a river's floodplain when its height above the channel and its distance fitted within the river's flood stage and the 2′ relief's height error; in hilly land the relief smooths a valley cut into a plateau up to the plateau's height, so a point on the plateau read level with the river kilometres away (the hill at Ruderting, north of Passau: Severe, \"0 m above that channel and 9.0 km from it\"). A point now lies in a floodplain only within the valley floor's half-width of the channel (the flood stage over the mean slope of the valley's sides, from the relief around the point) plus two 2′ grid cells (about 7.4 km) for where the grid places the point and the river: 8 km in 150 m of relief, 10 km on a plain of 30 m. A hexagon's, region's and country's scores are unchanged.",
      "Measured on dataset 4.12.0: of 20,000 random land points, river flood High or above goes from 12.6 % to 10.9 % (100,000 others: 13.0 % to 11.3 %); 1,480 change level, 1,203 down and 277 up (a point that read a river's far, larger reach at a low membership now reads its near reach). On a 2 km grid around Köln, High or above goes from 55.8 % to 47.8 %, around Passau from 57.1 % to 43.3 %. Ruderting reads High, Passau's old town Extreme. The hand-checked places (276 of 309 checks), the river-flood panel (105 of 111), the first held-out set (pairs 56 of 73, places 171 of 180) and the border towns (116 of 116) are unchanged; the second held-out set's pairs go from 32 to 31 of 56 and its places from 117 to 118 of 134. Two-km neighbours three river-flood levels apart stay at 0.01 % (0.03 % on 100,000 points). The note that the grid cannot tell a river bank from the terrace above it stands beside 25 % of readings of High or above (43 % before).",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.12.0",
    title: "Dataset 4.12.0",
    dataset: {
      published_at: "2026-12-03T04:00:00Z",
      sha256: "88907727ab1ffe58f98cbb08d33ad8c3a3d5f17eb6d7dab474eb10cc31528327",
    },
    changes: [
      "Storm surge (SS) inland of cyclone coasts. The surge height fell off inland over one distance for every storm (e-folding over 150 km), so Dhaka, 140 km up the Ganges-Brahmaputra delta and outside Bangladesh's coastal zone, read storm surge Severe. A tropical cyclone's surge passes within hours and cannot run that far overland before it ebbs: its part of the surge now falls off over 75 km, which takes a 4.5 m surge down by about 6 cm per km at the shore, within the 4-25 cm per km that marshes take off a surge (Wamsley et al. 2010). A winter storm's surge lasts a day or more and runs far up estuaries (Hamburg 1962, 100 km up the Elbe): the base and winter-storm parts keep 150 km. Nothing changes at the shore.",
      "Measured: Dhaka reads storm surge Moderate (0.30; Severe, 0.64, before); Khulna, Barisal and Chittagong on the delta's shore, Yangon, Shanghai, New Orleans and Tokyo's Koto ward keep Severe (Khulna 0.80 → 0.60), Kolkata High (0.60 → 0.46). Of 20,000 random land points, 11 change storm-surge level, none up; of the 395 coastal cities, 5 (Suzhou, Wuxi and Can Tho Severe → High, Cochin High → Moderate, Jacksonville Moderate → Low); 632 of 89,649 hexagons change storm-surge value in some slot (208 a level, none up). The hand-checked places meet 276 of 309 checks (Dhaka's new storm-surge check among them), the river-flood panel 105 of 111; the held-out sets are unchanged (pairs 56 of 73 and 32 of 56, places 171 of 180 and 117 of 134, border towns 116 of 116). Storm surge's rank correlation with INFORM 2025 coastal flood moves from 0.64662 to 0.64647.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.19.0",
    title: "Wildfire says where built-up land takes its fuel",
    changes: [
      'Wildfire (WF) explanations. Where built-up land fills more than 40 % of the land around a point (within about 4 km) or of a hexagon, wildfire\'s summary now says so with the share and what it leaves of the wildland fuel (from 60 % built-up, none: a dense city does not carry a fire front). A dry city centre read Low with only its dry months, heat and rain named: Valencia\'s "7.5 dry months a year … that is Low" now goes on "but 67 % of the land within about 4 km is built up, which leaves no wildland fuel to carry a fire". The drivers table lists the built-up share. Scores do not change.',
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.11.0",
    title: "Dataset 4.11.0",
    dataset: {
      published_at: "2026-12-03T02:00:00Z",
      sha256: "469bc8759890400ac24d1064abcfaeeed49ecdf1e6dda311cb5bea21f62eef14",
    },
    changes: [
      "Wildfire (WF) in the centres of cities that Natural Earth's 50m urban areas leave out. Wildland fuel goes where built-up land fills most of the land around a point (3 × 3 cells of the 2′ grid, about 11 km), and the built-up land came from those urban areas only, which miss the centre of 13 % of the places of a million people or more and of 30 % of those of 300,000 to a million: Lisbon's and Valencia's centres read wildfire Severe. Each GeoNames place of 100,000 people or more whose own cell the urban areas do not cover now marks as built-up a disc around its point that holds its people at 10,000 per km² (Valencia, 814,000 people: a radius of 5.1 km; Lisbon, 518,000: 4.1 km), smaller than the municipality of most cities, so the wildland-urban edge beyond keeps its fire; a city the urban areas outline keeps its outline. 3,848 cells of the 2′ grid are added to the 79,122 the urban areas cover.",
      "Measured: of the 4,442 GeoNames places of 100,000 people or more, the centres of 95 change wildfire level, all down (Lisbon and Valencia Severe → Low; Gaziantep, Diyarbakır, Port-au-Prince and Mogadishu Extreme → Low); of the points 12 km from each centre in eight directions, 39 of 35,536 change, none up. Of 20,000 random land points none changes level (wildfire High or above stays at 28.1 %), and 6 of 89,649 hexagons change wildfire value in 1950-1999 (2 of them a level). The hand-checked places (275 of 308 checks), the river-flood panel (105 of 111), the held-out sets (pairs 56 of 73 and 32 of 56, places 171 of 180 and 117 of 134, border towns 116 of 116) and the rank correlations with INFORM are unchanged.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.18.0",
    title: "A point reads the low land around it; river flood says where the grid's heights cannot see",
    changes: [
      "Storm surge (SS), sea-level rise (SL) and river flood (FD) of a point near low land joined to the sea. A 2′ grid cell (about 3.7 km) is low-lying when its mean height is, so the edge of a delta's low land runs somewhere through the cells on either side of a low and a higher cell, not along their common edge; read cell by cell, a point 2 km from that edge went from none of its land low to half of it, and its storm surge up to three levels. A point now reads, from each of the four cells it is read between, the low-lying share of the land within one cell of it (3 × 3 cells, about 11 km), each cell by its nearness as before. The explanation says how much of the land around the point is low-lying where not all of it is. A hexagon's, region's and country's scores are unchanged.",
      "Measured with dataset 4.10.0: of 50,000 random land points (seed 7), 2-km neighbours three storm-surge levels apart or more go from 0.17 % to 0.04 % of coastal pairs (8 → 2 of 4,611; two levels or more 1.43 → 0.54 %), and river flood's from 0.04 % to 0.03 %. Of 20,000 others, 79 change river-flood level (75 up), 71 storm surge (32 up, 39 down) and 84 sea-level rise by 2050 under RCP8.5 (34 up, 50 down); river flood High or above goes from 13.13 % to 13.31 % and storm surge High or above from 1.04 % to 1.01 %. The hand-checked places meet 275 of 308 checks (274) and the river-flood panel 105 of 111 (104: Guangzhou, in the Pearl River delta, reads High). On the held-out sets, pairs 56 of 73 (57 before) and 32 of 56 (33) are told apart, places 171 of 180 (170) and 117 of 134 (117) read as expected.",
      "River flood (FD) of a point may carry `confidence_note`. A point takes a river's floodplain when its height above the channel and its distance fit within the river's flood stage and the 3.7 km relief's height error at the point (up to 40 m: the relief smooths a river bank into the slopes beside it). Where the point's height and distance alone exceed the flood stage, so that it is in the floodplain only within that error, and its river flood is Moderate or more, the note says so with the point's own height, distance, the river's flood stage and the error: the grid cannot tell a river bank from the terrace above it, and a local flood map settles which it is. Of 20,000 random land points, it stands beside 74 % of river-flood readings of Moderate, 57 % of High, 33 % of Severe and 10 % of Extreme (Paris's centre, 17 m above the Seine's channel on the grid, among them; Köln's old town, level with the Rhine 1.5 km away, not). Scores do not change. A flood-depth layer's score carries no such note, and neither does a hexagon's. The single-location and portfolio reports now give every such note (this one, and extreme rainfall's and drought's) after the reason, as the dashboard's score card does.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.17.0",
    title: "A shore band that fades across one pixel",
    changes: [
      "Storm surge (SS) and sea-level rise (SL) of a point near the sea. A point's place in the band of ground below 10 m that its slope leaves beside the sea (1 at the shore, 0 at the band's inland edge) was cut to 0 beyond one 2′ pixel (about 3.7 km) from the sea, so on flat ground a point one step inland of that line read none of the band that a point one step seaward read all of. The band now ends at its inland edge or at one pixel from the sea, whichever is nearer, and fades to 0 there. A hexagon's, region's and country's scores are unchanged by this rule.",
      "Measured with dataset 4.10.0 (below): of 20,000 random land points, storm surge High or above goes from 0.79 % to 1.04 % (1950-1999) and sea-level rise High or above by 2050 under RCP8.5 from 0.80 % to 1.31 %. Tacloban's shore reads storm surge High (0.42; 0.25 before). 2-km neighbours three bands apart or more for storm surge go from 0 to 3 of 1,800 pairs on those points, and stay at 0.17 % (8 of 4,611 pairs) on 50,000 others, above the 0.1 % target: they stand where a low-lying 2′ pixel meets one that is not.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.10.0",
    title: "Dataset 4.10.0",
    dataset: {
      published_at: "2026-12-02T02:00:00Z",
      sha256: "bbfa4c82c1dceb5347c6466fa09d75ae2d6bb1178e797da3e09f07e6377ceb62",
    },
    changes: [
      "Heights read from the 2′ relief image: slopes, the river network's heights and a point's own height. Its greys were fitted to ETOPO5's heights by the mean over all latitudes, so the coastal greys took the heights of Greenland's and Antarctica's ice edges and of high-latitude fjords: the three lowest land greys read 19, 43 and 49 m, and Dhaka's ground read 49 m. The fit now uses the land within 60° of the equator only (the relief's source, SRTM, covers no more) and takes the mean of each grey's middle half of heights, which a few cliffs and ice edges cannot pull: the same greys read 8, 9 and 13 m. Point heights: Dhaka 13 m (49 before), Rotterdam 4 (19), Shanghai 11 (47), Bangkok 9 (43), Köln 56 (83). A hexagon's terrain is ETOPO5's as before.",
      "Measured: the fit holds over 1.60 million points (r 0.974, RMSE 203 m, median error 47 m; 2.75 million, 0.98, 217 m, 63 m before). On the held-out set written apart from the model, pairs 57 of 73 are told apart (56 before) and places 170 of 180 read as expected (165); on the second set, 33 of 56 (31) and 117 of 134 (112). The hand-checked places meet 274 of 308 checks (273: Chittagong's storm surge is Severe) and the river-flood panel 104 of 111 (unchanged). Of 20,000 random land points, river flood High or above stays at 12.4 % (328 points up a band, 332 down), heat wave High or above goes from 34.8 % to 35.5 % and wildfire from 27.7 % to 28.1 %. Rank correlation with INFORM: river flood 0.69599 → 0.69652, storm surge 0.64671 → 0.64662, sea-level rise 0.62167 → 0.62028. The river gauges' drainage areas are unchanged (45 of 49).",
    ],
  },
  {
    date: "2026-12-03",
    kind: "api",
    version: "1.16.0",
    title: "A point on a shore that the grid holds no low land on",
    changes: [
      "Storm surge (SS) and sea-level rise (SL) of a point within one 2′ grid cell (about 3.7 km) of the sea. A cell is low-lying only when its mean height is, so a shore whose cell also holds a hill behind it had no low land, though its ground rises from the high-tide line: Tacloban's shore, hit by a 5-7 m surge in 2013, read storm surge 0. Such a point now stands in the band of ground below 10 m that its slope leaves beside the sea, 10 m / tan(slope) wide, by how far it is from the sea (1 at the shore, 0 at the band's inland edge), and that place counts as its low land, narrowed by its slope as any low land is. Tacloban's shore reads storm surge Moderate (0.25 in 1950-1999), Alexandria's corniche sea-level rise Moderate by 2050 under RCP8.5 (0.28; 0.13 before). The explanation gives the point's place in the band and says where it stands.",
      "Measured: of 20,000 random land points, 60 stand in such a band; storm surge Low goes from 8.38 % to 8.30 % of land (1950-1999), and 2-km neighbours three bands apart stay at 0 pairs for storm surge and 2 for sea-level rise by 2050 under RCP8.5. On a second held-out set written apart from the model, 6 of 10 storm-surge pairs of a low shore and higher ground nearby are told apart (4 before). The hand-checked places (273 of 308 checks) and the river-flood panel are unchanged. A hexagon's, region's and country's scores, and every other hazard, are unchanged.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.9.0",
    title: "Dataset 4.9.0",
    dataset: {
      published_at: "2026-12-01T02:00:00Z",
      sha256: "0aeb64db037c91d79738f4d1c1fa8e1d83b1f80ef34513c885534b88eb68e28c",
    },
    changes: [
      "River flood (FD) of points, hexagons, regions and countries in and below closed basins. The terrain network filled every depression to its outlet, so every basin without an outlet to the sea drained into a neighbour's river with all its area: Lake Chad's into the Benue, the southern Sahara into the Niger, the Great Basin into the Sacramento, the Caspian lowland towards the Don. A depression now keeps its water where the lake that would fill it to its outlet would lose more to evaporation, less the rain on it, than 1.25 times what flows into it, no river that feeds it runs on from it, the lake covers 1,000 km² or more and it lies within 60° of the equator: 337 basins, from the Caspian and the Tarim to Lake Chad and Lake Eyre. Its water ends at its lowest point, in its lake where it has one.",
      "Measured: 45 of 49 river gauges agree with their published drainage areas within a factor 1.25 (43 before); the Niger at Niamey reads 589,000 km² (2,254,000; published 700,000) and the Yellow River at Huayuankou 855,000 (973,000; 730,000). The Benue at Makurdi reads about 290,000 km² (2,700,000; published about 300,000). Of 20,000 random land points, 147 change river-flood band (31 up, 116 down), mostly in the closed basins of China, Australia, Mongolia, Chad and Turkmenistan, and river flood High or above goes from 12.5 % to 12.4 %. Baku reads Moderate (Severe: the Caspian's filled flat), Astrakhan Severe (Low: on the Caspian's filled flat the Volga left its delta). The river-flood panel (104 of 111 places) and the hand-checked places (273 of 308 checks) are unchanged. Rank correlation with INFORM's river flood index: 0.70070 → 0.69599, below its 0.70 target, as desert countries' river flood moves. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.8.0",
    title: "Dataset 4.8.0",
    dataset: {
      published_at: "2026-11-30T23:00:00Z",
      sha256: "bb5ffcefff2f0b00032a32c9b1ceafb5d44ed79c2e5f4c51d534fcf9009f9219",
    },
    changes: [
      "River flood (FD) of points, hexagons, regions and countries in some river basins. Where the lines of two river systems that each carry a major river touch on the 2′ grid without meeting, the water is no longer let across from one river's bed to the other's: the basin of Lake Chad, filled to its spill, drained through the Ubangi into the Congo (2,900,000 km² at Bangui against a published 500,000), and the upper Altmühl into the Main. One river line that crosses the date line in Chukotka was drawn the long way round the globe, as a river along 66.92° N through Scandinavia, Russia, Alaska and Canada: it is now drawn across the date line.",
      "Measured: 43 of 49 river gauges agree with their published drainage areas within a factor 1.25 (42 before); the Congo at Kinshasa reads 3,811,000 km² (6,268,000; published 3,480,000). Bangui's river drains 500,000 km² with a mean flow of about 4,200 m³/s (about 11,000 before). The Chad basin now spills into the Benue, its real overflow in high floods, so Lokoja on the Niger reads a drainage area about three times and a mean flow about twice their published values, a fault the methodology names. Of 20,000 random land points, 52 change river-flood band (23 up, 29 down), and river flood High or above goes from 12.6 % to 12.5 %. The river-flood panel (104 of 111 places) and the hand-checked places (273 of 308 checks) are unchanged. Rank correlation with INFORM's river flood index: 0.70038 → 0.70070. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.7.0",
    title: "Dataset 4.7.0",
    dataset: {
      published_at: "2026-11-30T21:00:00Z",
      sha256: "417b12f2acd8d9de24c79f6d4b67ac1eef738302af5c59a894de8b05098c4584",
    },
    changes: [
      "River flood (FD) of points, hexagons, regions and countries with rivers on flat ground. Where the terrain holds a depression that the network fills to its outlet, the water on the filled flat now runs along its mapped river first, and the land beside it drains to the river. Before, it crossed the flat by the shortest way to the outlet, leaving the river: the flow followed 96 % of mapped permanent-river pixels, and now 99 %. Sacramento's river reappears (the city read river flood 0 and now reads High), and closed desert basins filled to their spill (the Caspian lowland, the Tarim, Dzungaria, the Karakum) no longer make channels and floodplains where no river runs.",
      "Measured: the river-flood panel meets 104 of 111 places (103 before) and the hand-checked places 273 of 308 checks (272). Of 20,000 random land points, 215 change river-flood band (115 up, 100 down), and river flood High or above goes from 12.5 % to 12.6 %; 2-km neighbours three bands apart stay at 0.05 %. Rank correlation with INFORM's river flood index: 0.69996 → 0.70038, meeting its 0.70 target. Montreal's downtown reads High (Severe before): the St. Lawrence now runs along the mapped channel north of the islands of Montreal and Laval. Baku reads Severe (High before) beside the filled Caspian, a fault the methodology names. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-03",
    kind: "dataset",
    version: "4.6.0",
    title: "Dataset 4.6.0",
    dataset: {
      published_at: "2026-11-30T20:00:00Z",
      sha256: "c49651cef2525d8b9c55a0d642c1cc70634b98149961c8de177b9cd1c3f63039",
    },
    changes: [
      "River flood (FD) of points, hexagons, regions and countries in the Orinoco's basin and on some deltas. Minor rivers joined to the sea through other minor rivers within about 150 km (a delta's arms) are now burned 50 grey steps of the 2′ relief below their banks, between other minor rivers' 30 and major rivers' 62. Burned as shallow as other minor rivers, the Orinoco's delta arms dammed the river at its mouth, and the Orinoco above the Apure drained backwards through the Casiquiare to the Amazon: 125,000 km² at Puente Angostura, against a published 836,000. It now reads 829,000 km², and the Amazon at Óbidos 4,760,000 (5,710,000 before; published 4,620,000). Burned as deep as major rivers, a distributary took a river from its own mouth (Bayou Lafourche took the Mississippi from New Orleans), so they are not.",
      "Measured: 42 of 49 river gauges agree with their published drainage areas within a factor 1.25 (41 before). Ciudad Bolívar's river now drains 860,000 km² (130,000 before) and reads 0.72 (0.70); Barrancas, at the delta's apex, reads Extreme (Severe). Of 20,000 random land points, 17 change river-flood band (7 up, 10 down); river flood High or above stays at 12.5 %. The river-flood panel (103 of 111 places) and the hand-checked places (272 of 308 checks) are unchanged. Rank correlation with INFORM's river flood index: 0.6997 → 0.69996. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-02",
    kind: "dataset",
    version: "4.5.0",
    title: "Dataset 4.5.0",
    dataset: {
      published_at: "2026-11-30T17:00:00Z",
      sha256: "ae098a25ea1990af88350975d06d2bc39e8c01e38f7fc6873ca62ffb8033237a",
    },
    changes: [
      "River flood (FD) of every point, hexagon, region and country. Each mapped river is now burned into the terrain as deep as its World Data Bank II class gives: major rivers 62 grey steps of the 2′ relief below their banks, as before, additional and minor rivers 30. Burned as deep as a great river, two small rivers whose heads touch across a divide on the 2′ grid made a channel between two basins, and a great river behind a gorge the relief smooths took it: the upper Danube drained through the Altmühl and the Rezat to the Main and the Rhine, the Loire left its bed above Montjean, and the Yangtze at Datong read 57,000 km². The flow still follows 96 % of mapped permanent-river pixels.",
      "A new build check compares the drainage areas the network routes at 49 river gauges of the GRDC catalogue with their published ones: 41 now agree within a factor 1.25 (31 before), and the median gauge is off by a factor 1.06 (1.11). The Rhine at Köln reads 150,000 km² (221,000 before; published 144,000), the Danube at Vienna 97,000 km² (26,500; published 102,000), the Loire at Montjean 108,000 km² (6,500; published 110,000), the Yangtze at Hankou 1,500,000 km² (299,000; published 1,490,000). The methodology names the eight gauges still off, among them the Orinoco, which now drains backwards through the Casiquiare to the Amazon.",
      "Measured: the river-flood panel meets 103 of 111 places and the hand-checked places 272 of 308 checks, as before. Of 20,000 random land points, river flood High or above goes from 12.4 % to 12.5 %; 2-km neighbours three bands apart from 0.06 % to 0.04 %. Rank correlation with INFORM's river flood index: 0.698 → 0.700. Passau's old town reads Extreme (Severe before) and the Ruderting hill above it Severe (High); Regensburg's old town and the Keilberg above it both read High. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "dataset",
    version: "4.4.0",
    title: "Dataset 4.4.0",
    dataset: {
      published_at: "2026-11-30T14:00:00Z",
      sha256: "c930a04dcae19dc6fd1a57c9d1873b4cb8b6e0bf407aabbd276c2d27d0ab99d8",
    },
    changes: [
      "River flood (FD) of every point, hexagon, region and country. The terrain network keeps the flow on the mapped rivers: World Data Bank II permanent rivers are burned 62 grey steps of the 2′ relief below their banks, up from 2. The relief smooths a narrow valley to its banks' height, and the shallow burn let big rivers leave their beds: the flow followed 76 % of mapped permanent-river pixels, and now 96 %. Wuhan's nearest channel drained 13,000 km² 25 km away, and now the Yangtze's 290,000 km² 3.5 km away. Where two rivers' lines touch on the grid, the flow can now cross a divide: the upper Danube drains through the Altmühl and the Rezat to the Main and the Rhine (the Rhine reads 220,000 km² at Köln, against about 144,000 km²), a fault the methodology names.",
      "A point's height above its river is now measured from the river's bed, not from its channel pixel: a channel pixel more than one grey step above the lowest of the three channel pixels above it and the lowest of the three below it is a gorge or narrow valley smoothed to its banks' height, and its bed is the higher of those two. Mont Amba above Kinshasa reads Low (it read Extreme), Calgary's Nose Hill Low (High) and Dresden's Weißer Hirsch hillside Low (High), while Kinshasa's Limete, Calgary's Victoria Park and Dresden's Altstadt read as before.",
      "Measured: the river-flood panel meets 103 of 111 places (99 before): Khartoum, Vientiane, Budapest, Belgrade, Carlisle, Jiujiang and Saint-Louis now read High or above; Guangzhou, Florence and Sacramento now read less. The 17 river-bank and hill pairs of the repository's tests are all told apart (15 before). Of 20,000 random land points, river flood High or above goes from 12.8 % to 12.4 %; 2-km neighbours three bands apart stay at 0.06 %. Rank correlation with INFORM's river flood index: 0.710 → 0.698. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "api",
    version: "1.15.0",
    title: "Wildfire in continental fire summers; faster point lookups",
    changes: [
      "Wildfire (WF) has a second path for continental climates, where the boreal forest and the steppes burn after long, warm summer days without a dry month: the shortfall of the hottest month's rain against its potential evaporation (Thornthwaite; from 30 % short, fully at 80 %), where the year spans 25 °C or more from the coldest month to the hottest (fully 40 °C) and the hottest month is warm enough for forest (10 °C, fully 16 °C), times the same fuel and built-up factors. It stops at Severe (0.75). A place takes the larger of this and the dry-season path. Yellowknife's point reads High and Hay River's Severe, where both read Low. The explanation names the path that decided, and the band meanings say it exists. Of 20,000 random land points (historical slot), wildfire High or above goes from 21.6 % to 27.7 %, the added land mostly in Siberia, Canada's interior, Alaska, Kazakhstan and Mongolia; 2-km neighbours three bands apart stay at 0.01 %.",
      "A point's answer is unchanged by the faster lookup: locating a point away from every boundary reads its country and region from a grid, and a hexagon's neighbours are worked out once. A point lookup over random points takes about 40 % less CPU time, a land point's scores about half.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "dataset",
    version: "4.3.0",
    title: "Dataset 4.3.0",
    dataset: {
      published_at: "2026-11-30T12:00:00Z",
      sha256: "25f77239722899f80ca172b117954953bbe2cfe33b7321be9cd672e60e391dd5",
    },
    changes: [
      "Wildfire of every hexagon, region and country takes the continental fire-summer path of API 1.15.0. Every other hazard is unchanged.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "api",
    version: "1.14.0",
    title: "Coasts begin at the high-tide line; a point's landslide reads the slopes above it",
    changes: [
      "Sea-level rise (SL) is the share of low land that the slot's rise above today's sea brings below the high-tide line. Land begins at today's high-tide line, because coastlines are drawn at mean high water, so every place reads Low in 1950-1999 and the tide no longer stands in for exposure. A flat shore whose land is all low reads Severe (0.795) when the rise takes 2.5 % of its land. That is a quarter of a metre of its band from high water to 10 m, about the rise above today's by 2050 under RCP8.5. The explanation says where the land begins and how much the rise brings below it.",
      "Storm surge (SS) counts the land between the high-tide line and the extreme still water (the surge plus the rise above today's), no longer from 0 m. A large tide raises the water and the land's edge alike. Its explanation gives the water's height above the high-tide line. Its band meanings are stated in that height, on a flat shore with half its land low and a 2 m tide.",
      "Reef islands (atolls, cays): a hexagon whose land only the shoreline outlines hold, with no land on the 2′ grid in it or its six neighbours, in a sea at 26.5 °C or warmer for six months a year or more, is wholly low and flat, its land between high water and 4 m (the new explanation input `lowTopM`; 10 m elsewhere). Storm surge and sea-level rise read it as such, and its explanation says so.",
      "A point's landslide reads the steeper of its own slope and the steepest slope within one 2′ pixel of it, each on its own scale (the steepest slope's ramp is 1.69 times the own slope's, the ratio of the two over land). A town on a valley floor takes the slopes above it. With `explain=1` a point's landslide carries the input `slopeSteep`.",
      "Random land points (20,000), each with a neighbour 2 km away: storm surge three bands or more apart 0.11 % → 0 % of coastal pairs; landslide High or above 2.6 % → 3.1 % of land; storm surge High or above 0.9 % → 0.7 %; sea-level rise High or above 0.5 % → 0 % in 1950-1999.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "dataset",
    version: "4.2.0",
    title: "Dataset 4.2.0",
    dataset: {
      published_at: "2026-11-30T07:00:00Z",
      sha256: "e0e0190c34497425dabe8a157d1b9200bdca8d507b31702e44a1a9048d767a3a",
    },
    changes: [
      "Storm surge and sea-level rise of every hexagon, region and country with land begins at the high-tide line, as API 1.14.0 says. Sea-level rise reads Low everywhere in 1950-1999. Every other hazard is unchanged.",
      "Reef islands: 343 hexagons whose land only the shoreline outlines hold, in a tropical sea, are wholly low and flat, with their land between high water and 4 m (a new stored field, `lowTopM`).",
    ],
  },
  {
    date: "2026-12-01",
    kind: "api",
    version: "1.13.0",
    title: "A point's climate read between hexagon centres; where July and December rain cannot see a hazard",
    changes: [
      "A hazard item may carry `confidence_note`: where the inputs cannot see the hazard at that place, why. It is given for extreme rainfall (ER) and drought (DR) of a point or a hexagon in the two kinds of climate whose rainy seasons fall between July and December, the two months of rain the inputs hold: within 10° of the equator where neither month reaches 150 mm (two rainy seasons, near March-May and October-November), and between 28° and 46° north or south where the summer month is dry (< 30 mm) and the winter month wet (≥ 25 mm and three times the summer's: a winter-rain climate, whose heaviest rain comes with autumn storms). About 8 % of land points (4.4 % and 3.8 %). Scores are unchanged; the dashboard shows the note under the scores. The batch API's compact scores do not carry it.",
      "A point's climate inputs (July and December temperature and precipitation, the shape of the year and the months of warm sea) are read between the centres of the three hexagons around it, each by its nearness (barycentric weights in their triangle), instead of taken from its own hexagon, so they change gradually where two hexagons meet; temperature is then brought from the elevation it belongs to (those hexagons' mean elevations, by the same weights) to the point's at 6.5 °C/km. A point at its hexagon's centre reads as before. 20,000 random land points, each with a neighbour 2 km away: wildfire two bands or more apart 0.10 % → 0.05 % and three or more 0.04 % → 0.01 %; extreme rainfall, heat wave and drought three bands apart 0.01 % → 0-0.01 %; shares per band move by at most 0.2 point.",
      "With `explain=1`, a point's input values carry six significant digits: the float noise of blending pixels and converting units (82.32000000000069 m) is gone. Labels say where each climate input was read.",
      "Hexagon, region and country scores, and the dataset files, are unchanged.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "api",
    version: "1.12.1",
    title: "A point's drivers read where it lies between the 2′ pixel centres",
    changes: [
      "A point's 2′ drivers (elevation, slope, relief, low-lying land joined to the sea, built-up share and its floodplain) are the bilinear mean of the four pixels whose centres surround it, instead of the one pixel it falls in, so a score changes gradually between pixel centres instead of stepping at a pixel's edge. A point at a pixel's centre reads as before. 20,000 random land points, each with a neighbour 2 km away: river flood three bands apart 0.36 % before, 0.06 % after; storm surge 0.94 % → 0.11 % and sea-level rise 0.33 % → 0 % of coastal pairs; river flood High or above 12.7 % → 12.8 %.",
      "With `explain=1`, a point's `lowShare` is the share of those four pixels (by weight) that are low-lying and joined to the sea, between 0 and 1, where it was 0 or 1.",
      'Precipitation change (PC) is named for what it is: its explanation and band meanings give the precipitation-change screening index (×100) without a percent sign, and say that it sizes how strongly the rain regime may shift and projects neither an amount nor a direction of change; they said the rain "may change by about N %". Values and scores are unchanged.',
      "Hexagon, region and country scores, and the dataset files, are unchanged.",
    ],
  },
  {
    date: "2026-12-01",
    kind: "api",
    version: "1.12.0",
    api_version: "2026-12-01",
    title: "The batch CSV names the source of river and coastal flood",
    changes: [
      "Under `API-Version: 2026-12-01` the batch CSV ends each row with `FD_source` and `SS_source`: `flood_depth_layer` where a flood-depth layer scored the row's river or coastal flood, `screening_index` where the index did (the JSON item's `source.type`), so a CSV reader can tell the two apart as the JSON reader can. Versions 2026-11-29 and 2026-11-30 keep their columns; 2026-11-30 is deprecated and answered until 2027-06-01.",
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.11.0",
    title: "A whole book at point level: quote, one purchase, unlock",
    changes: [
      "`POST /api/v1/unlock/quote` takes up to 1,000 points or hexagon codes (the batch's locations) and answers the distinct resolution-4 hexagons they fall in, placed as the batch places them; which the account reads already; which are missing; how many of those the plan's remaining allowance opens; and the rest at the /pricing package prices (the cheapest packages that buy exactly that many), with net, VAT and gross. The quote is valid for 30 minutes. Any key may ask (read scope).",
      "`POST /api/v1/unlock` buys a quote with an `Idempotency-Key`: one order for what the allowance does not cover, paid as the account pays (billing info and terms first); once paid, the batch answers every point in those hexagons at point level. A key needs the billing scope. New error codes: `quote_expired`, `quote_used`, `quote_changed` (409) and `quote_of_another_account` (403); an unknown quote is a 404.",
      "Every plan may buy hexagons this way; API keys stay PREMIUM-only, as the product specification states, so GRANULAR and COUNTRY+ accounts call these paths with a session token.",
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.10.0",
    title: "API keys with an expiry, allowed addresses and test mode; key creation retried safely",
    changes: [
      "`POST /api/v1/keys` takes `expires_at` (a date and time) or `expires_in_days`: past it every call with the key is a 401 `key_expired` whose `error` names when the key expired. A rotated key past its overlap answers the same. The list's `expires_at` is when a key stops working (its expiry, or a rotated key's end of overlap), and `rotated` says whether it was rotated.",
      "`allowed_addresses` (IPv4/IPv6 addresses and CIDR ranges) limits where a key may be used from: a call from any other client address is a 403 `address_not_allowed` naming that address. A bad entry is a 400 on `field` `allowed_addresses` naming the entry.",
      '`mode: "test"` creates a test-mode key (`crk_test_…`, `livemode: false`): it reads every score a live key reads, and buying, paying and billing with it are a 403 `test_mode_key`, so nothing is spent or charged. Every answer to an API key carries `Livemode: true` or `false`.',
      "Key creation honours an optional `Idempotency-Key`: a retry with the same key and body answers the same key's record with `Idempotent-Replayed: true` and `key` null (the secret is shown once, never stored); the same key with another body is a 422 `idempotency_key_reused`.",
      "A rotation keeps the key's expiry, allowed addresses and mode.",
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.9.0",
    title: "River and coastal flood of a point from flood-depth layers, each score naming its source",
    changes: [
      "`get_data/hazards` read at the hexagon level, and the batch's points read at the hexagon level: where a flood-depth layer of the layer store covers the point, river flood (FD) comes from the river inundation layer (`inunriver`) and storm surge (SS) from the coastal one (`inuncoast`): the depth at the point's pixel per return period, banded as ThinkHazard! does (0.5 m within 10 / 50 / 1,000 years: 4 / 3 / 2, else 1; 2 m within 10 years: 5). `value` is then null: a depth is not an index.",
      'FD and SS of every point answer carry `source`: `{"type": "flood_depth_layer", "layer", "layer_scenario", "layer_period", "variant", "depths", "rule", "reason"}`, or `{"type": "screening_index", "note"}` saying why no layer scored it (none covers the point, the store lacks the slot, or Aqueduct publishes none: RCP2.6, 2040). With `explain=1` the explanation says the same. The aggregate stays the mean of screening-index values and carries a `screening_index` source saying so when a layer scored FD or SS.',
      "Slots: hist → Aqueduct historical; RCP4.5 / RCP8.5 in 2030 and 2050 → rcp4p5 / rcp8p5 of that year; nothing is interpolated.",
      "Hexagon, region and country answers (`hazard_scores`, a point read at its region or country, the batch's location codes) stay on the screening index; their FD and SS say so in `source` where the answer is about a point or a batch item. The batch CSV is unchanged.",
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.8.0",
    title: "Flood depth and money at risk: GET /api/v1/flood/loss and POST /api/v1/flood/loss/batch",
    changes: [
      "`GET /api/v1/flood/loss` (one point) answers, per flood kind (river, coastal), the water depth at the point's pixel at each stored return period of the layer store (WRI Aqueduct Floods v2 or your own layers), the level from depth, the JRC depth-damage function applied, the expected annual damage (EAD) and the 1-in-100-year damage as ratios and, with `value_eur`, in EUR; `occupancy` and `protection_years` are stated in the answer (commercial and 2 years when not given).",
      "`POST /api/v1/flood/loss/batch` values up to 1,000 assets at once and adds the portfolio totals: expected annual losses add up; the sum of 1-in-100-year losses is stated as not a portfolio loss.",
      'Where no flood-depth layer covers a place, a kind answers `{"available": false, "message": "not available: no flood-depth layer covers this place", "how_to_add": …}`: no figure is derived from the screening index.',
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.7.0",
    title: "Dataset versions as a feed, and signed webhooks that announce them",
    changes: [
      "`GET /api/v1/datasets` lists every published dataset version, newest first: when it was published, what changed, links to its changelog entry and the methodology, the SHA-256 of its scores file, and which one the API answers from now; `GET /api/v1/datasets.atom` is the same list as an Atom feed.",
      "`POST /api/v1/webhooks` registers an https endpoint for `dataset.published`; the answer shows its signing secret once. `GET /api/v1/webhooks` lists the account's endpoints, `DELETE /api/v1/webhooks/{id}` removes one, `GET /api/v1/webhooks/{id}/deliveries` tells each delivery's status and attempts. A session may call them, or an API key with the new `webhooks` scope.",
      'Deliveries are POSTs with a JSON body and `Climate-Risk-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, retried with backoff until a 2xx comes back, and sent once per new dataset version however many server instances start with it. Endpoints on private, loopback or link-local addresses are refused.',
      "The document describes the delivery in its `webhooks` section.",
    ],
  },
  {
    date: "2026-11-30",
    kind: "api",
    version: "1.6.0",
    api_version: "2026-11-30",
    title: "API-Version 2026-11-30; answers that say what the document says",
    changes: [
      'Breaking, only for a request that pins `API-Version: 2026-11-30` or pins none: the batch CSV gives a point scored at the nearest land in three columns, `snapped_lat`, `snapped_lon` and `snapped_distance_km`, where `snapped_to_land` stood. Under `API-Version: 2026-11-29` the one `snapped_to_land` column stays and now holds "lat,lon" (it printed [object Object]).',
      '`API-Version: 2026-11-29` is deprecated: a request pinned to it is answered with `Deprecation` (RFC 9745), `Sunset: Mon, 31 May 2027 00:00:00 GMT` (RFC 8594) and a `Link` to this changelog (rel="deprecation"); after that day it is no longer answered. An `API-Version` no one released is a 400 on every /api path.',
      "A batch CSV error row keeps the `lat` and `lon`, or the `location_code`, it was sent with.",
      "JSON that does not parse is a 400 `unreadable_body` whose `error` says where; a body in a content type the call does not read is a 415 `unsupported_media_type`, as documented (both were a 400 `invalid_request`).",
      'A 401 carries `WWW-Authenticate: Bearer realm="api"` (with `error="invalid_token"` for a credential that does not check out).',
      'A request that does not validate is told so in the API\'s own words ("locations must hold at least 1 item"), and `field` names the field at fault, an unknown one included (`colour is not a field this call reads`).',
      "A cursor (`starting_after`, and the new `ending_before`) that names no item of the caller's list is a 400 on `field`; before, it returned the whole list. Lists send a `Link` header with their next and prev pages.",
      "`generate_report` names the report's `report_id` and `downloads`: the `/api/v1/reports/{id}/file` paths an API key can follow.",
      "A purchase without an `Idempotency-Key` is told that the key is required; an answer replayed for a repeated key carries `Idempotent-Replayed: true`.",
      "`last_used_at` of a key is given to the minute, as documented.",
      "`GET /api/v1/billing_info` (the holder's name, phone, address) needs a key with the `billing` scope under every version: a read key gets 403 `insufficient_scope`. A session reads it as before.",
      "`/riskdb/statistic` no longer tells the server's memory, load time or build script (`memory_bytes`, `load_ms`, `generator`) under any version: they describe the server, not the data. It names `dataset_version` instead.",
      "The document's examples use region codes the API serves.",
    ],
  },
  {
    date: "2026-11-29",
    kind: "api",
    version: "1.5.1",
    title: "River flood of a point from its own ground",
    changes: [
      "A point's river flood no longer takes the best floodplain pixel within 7 km: its own 2′ height above each nearby channel and its distance to it must fit within that channel's flood stage (GFPLAIN's a·A^b, capped at 12 m) plus the 2′ relief's height allowance (the height range around it, at most 40 m), and the flood depth left there grades its membership. Random land points at river flood High or above: 34.7 % before, 14.6 % after; 2 km neighbours three bands apart: 0.74 % before, 0.40 % after.",
      "A point's explanation states its own height above that channel and its distance to it; `floodplainShare` of a point is its membership × 0.3, the share at which a hexagon's floodplain factor is full.",
      "Hexagon, region and country scores, and the dataset files, are unchanged.",
    ],
  },
  {
    date: "2026-11-27",
    kind: "api",
    version: "1.5.0",
    title: "Points scored from their own ground",
    changes: [
      "`get_data/hazards` at the hexagon level, and the batch's points read at the hexagon level, score the point from its own drivers on the 2′ grid (≈ 3.7 km): its floodplain and height above the river, elevation, slope, relief, low-lying land and distance to the sea, temperature brought to its elevation; two points in one hexagon can differ. `location_code` stays the hexagon's.",
      "With `explain=1` a point's inputs name the resolution each was read at, and its sentences speak of the point.",
      "`hazard_scores` for an H3 code, a region or a country, and `get_data/hazards` read at a region or country, answer as before.",
    ],
  },
  {
    date: "2026-11-27",
    kind: "api",
    version: "1.4.0",
    title: "Anonymous limits, CSV batches and report files",
    changes: [
      "Calls without an API key or a session are limited to 60 a minute per client address across every /api path, cached answers included, with the same `RateLimit-*` headers and a 429 with `Retry-After` to the window's reset; an API key keeps its 600 a minute. The document declares the 429 on every operation it can answer (all but the signed payment webhook).",
      "A Bearer credential that does not check out is a 401 on every /api path but the payment webhook, as it already was on the riskdb paths.",
      "`POST /api/v1/hazards/batch` streams CSV on `Accept: text/csv` or `?format=csv`: a header row, then one row per location × slot, errors as columns.",
      "`GET /api/v1/reports/{id}/file?format=pdf|xlsx` downloads a bought report's file (the id from `get_reports_list`) for the caller's own account; any other id is 404.",
    ],
  },
  {
    date: "2026-11-27",
    kind: "api",
    version: "1.3.0",
    title: "Named API keys with scopes, and security that says who may call",
    changes: [
      "An account may hold up to 10 named keys: `GET` and `POST /api/v1/keys`, `DELETE /api/v1/keys/{id}`, `POST /api/v1/keys/{id}/rotate`. Each key is shown once, stored hashed, and listed with its scopes, creation and last use (to the minute).",
      "Scopes: `read` (every key) reads what the account's dashboard shows; `billing` also buys and changes billing details and terms consent. A key without `billing` gets 403 `insufficient_scope` on those calls; creating, rotating and revoking keys needs the user's own session.",
      "Rotating a key gives a new one with the same name and scopes; the old one keeps working for 24 hours (`expires_at`), then stops.",
      "`get_app_key` acts on the key named `default`, as before: GET names it, POST replaces it at once, DELETE revokes it.",
      "Each operation's `security` names who may call it: `apiKey` with the scope it needs, `sessionToken` (a session token as Bearer) or `sessionCookie`. Purchase and billing operations no longer list every Bearer key, key management lists only the session, and hexagon reads list both keys and session tokens, as they answer.",
    ],
  },
  {
    date: "2026-11-27",
    kind: "api",
    version: "1.2.0",
    title: "Error codes, request ids and versioned score answers",
    changes: [
      "Every error answer keeps `success: false` and `error` and adds a stable `code` (the list is in the document's `Error` schema) and `request_id`, also sent as the `X-Request-Id` header.",
      "`hazard_scores` and `get_data/hazards` name `dataset_version` and `methodology_version` and send an `ETag` tied to them and the request; `If-None-Match` gets 304.",
      "`GET get_app_key` names the live key and never creates one: without a key it answers 404; `POST` creates or rotates the key.",
      "The 403 of a location outside the plan names the location in `location_code`; its `code` is `not_entitled`.",
      "An API key reads exactly what its account's dashboard shows: a hexagon or region is readable once the account has ordered it (or a paid report covers it); a PREMIUM key no longer opens every hexagon.",
      "A place read at its country or region level, whose own hexagon is not exposed to the coast, gets storm surge and sea-level rise as `not_applicable` rather than the country's coastal figures.",
      "Reports, invoices and receipts page with a cursor: `limit` (default and most 100), `starting_after` and `has_more`.",
      "The document's score examples are real answers; 405 with `Allow` is declared on every operation.",
    ],
  },
  {
    date: "2026-11-27",
    kind: "dataset",
    version: "4.1.0",
    title: "Dataset 4.1.0",
    dataset: {
      published_at: "2026-11-27T18:21:27Z",
      sha256: "503b3033653358b457699d6c4eee45d6fe3984dc980cf117ab57f6f7a6d003eb",
    },
    changes: [
      "Storm surge on a physical scale: the share of low land below the 100-year extreme still-water level (high water + surge height + the slot's sea-level rise); surge heights are lower on steep coasts, where the water is deep.",
      "Storm surge and sea-level rise count only the low land a slope leaves: on steep coasts the band from 0 to 10 m is narrower than the 2′ grid that finds it.",
      "Drought changes with the balance of rain and evaporative demand: demand rises 3 % per °C of land warming over its baseline, the growing season is the baseline's, so drought falls where rain rises faster (most land north of 55° N).",
    ],
  },
  {
    date: "2026-11-27",
    kind: "dataset",
    version: "4.0.0",
    title: "Dataset 4.0.0",
    dataset: {
      published_at: "2026-11-27T11:58:22Z",
      sha256: "2d1650c178693faf500f021edd946615c2801ad323c8391a0720c5608bf0910c",
    },
    changes: ["Land and lake masks, lakes as water stores, sea level on a high-tide scale."],
  },
  {
    date: "2026-11-27",
    kind: "api",
    version: "1.1.0",
    title: "Batch reads and key limits",
    changes: [
      "`POST /api/v1/hazards/batch`: up to 1,000 points or location codes × 10 scenario/period slots, answered per item, as JSON or streamed NDJSON, with an ETag.",
      "600 requests per API key per minute window, stated on /api and sent back in `RateLimit-*` headers; a 429 carries the true `Retry-After`.",
      "A wrong Bearer credential is a 401 on every riskdb path, open country codes included.",
    ],
  },
  {
    date: "2026-11-26",
    kind: "dataset",
    version: "3.2.0",
    title: "Dataset 3.2.0",
    dataset: {
      published_at: "2026-11-26T01:03:39Z",
      sha256: "8477aa9e39a5dc196ec74aa548de5e243b5caec67cb64091795620a79ed8980d",
    },
    changes: ["River flood from runoff computed with an effective-temperature evapotranspiration."],
  },
  {
    date: "2026-11-25",
    kind: "dataset",
    version: "3.1.0",
    title: "Dataset 3.1.0",
    dataset: {
      published_at: "2026-11-25T21:34:12Z",
      sha256: "c7c7be6e0929bbbf96ec3065d8b3e1417ac1a5d0888ee70f16bf801e7e48d900",
    },
    changes: [
      "River size to 10,000 m³/s, drought from the drylands' edge, wildfire from dry-season months, heat as the hottest month's daily maxima, two more tropical-cyclone basins.",
    ],
  },
  {
    date: "2026-11-25",
    kind: "dataset",
    version: "3.0.0",
    title: "Dataset 3.0.0",
    dataset: {
      published_at: "2026-11-25T05:20:46Z",
      sha256: "fa79ff4f3ab3f80a25076f6e3c4db3c872893545fb1a603834b1dc3b4a9c6be5",
    },
    changes: ["River flood from terrain hydrology: rivers burned into the relief, flow accumulation and floodplains."],
  },
  {
    date: "2026-11-25",
    kind: "api",
    version: "1.0.0",
    title: "The OpenAPI document",
    changes: [
      "`/api/openapi.json` is generated from the answer schemas, linted, and checked against the answers the tests record.",
      "Every error answer carries `success: false`.",
    ],
  },
];

/** The API's current version: the newest API entry's. */
export const API_VERSION = API_CHANGELOG.find((entry) => entry.kind === "api")!.version;

/**
 * The dataset version the changelog describes last: it matches the loaded dataset's.
 */
export const CHANGELOG_DATASET_VERSION = API_CHANGELOG.find((entry) => entry.kind === "dataset")!.version;
