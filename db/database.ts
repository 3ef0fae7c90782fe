/** The app's database type, whichever driver opened it (PGlite or node-postgres): seeds and factories take it. */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
