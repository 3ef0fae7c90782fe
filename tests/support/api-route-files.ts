import fs from "node:fs";
import path from "node:path";

/** The folder of the public API's route modules. */
export const API_ROUTES_DIR = path.resolve(process.cwd(), "app/routes/api+");

/** Every route module under a route folder, nested "+" folders included, as paths relative to it with "/". */
export function routeModuleFiles(dir: string = API_ROUTES_DIR): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .sort();
}
