/**
 * Global setup of the database test project: migrates and seeds once per run, not once per test file. On PGlite the
 * seeded data directory goes to a tarball every test loads; with DATABASE_URL a template database every test clones.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPgliteSnapshot, createTemplate, dropDatabase } from "#db/testing";

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = await createTemplate(databaseUrl);
    project.provide("postgresTemplate", template);
    return () => dropDatabase(databaseUrl, template);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "pglite-seeded-"));
  const file = path.join(dir, "seeded.tar");
  const snapshot = await createPgliteSnapshot();
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotFile", file);
  return () => rm(dir, { recursive: true, force: true });
}
