/**
 * The dataset-version feed: every published hazard dataset, newest first, read from the changelog's dataset entries
 * (the one place a release is written down), as the JSON list of /api/v1/datasets and as an Atom feed. Pure.
 */
import { API_CHANGELOG, type ChangelogEntry } from "../api-changelog";
import { API_CHANGELOG_PATH } from "../api-versions";
import { escapeXml } from "../../content/feeds";

/** The file a checksum covers: the scores every answer is read from. */
export const DATASET_CHECKSUM_FILE = "risk-cells.bin.gz";
export const METHODOLOGY_PATH = "/methodology";
export const DATASET_FEED_TITLE = "Climate risk hazard dataset versions";

export interface DatasetRelease {
  id: string;
  version: string;
  title: string;
  published_at: string;
  /** `sha256:` and the hex digest of DATASET_CHECKSUM_FILE as published. */
  checksum: string;
  changes: string[];
  changelog_url: string;
  methodology_url: string;
  /** The version the API answers from now. */
  current: boolean;
}

export const datasetReleaseId = (version: string) => `dataset-${version}`;
export const sha256Checksum = (hex: string) => `sha256:${hex}`;

type DatasetEntry = ChangelogEntry & { dataset: NonNullable<ChangelogEntry["dataset"]> };

function datasetEntries(): DatasetEntry[] {
  return API_CHANGELOG.filter((e): e is DatasetEntry => e.kind === "dataset" && Boolean(e.dataset));
}

/** Every release the changelog records, newest first; `currentVersion` is the one the engine serves. */
export function datasetReleases(origin: string, currentVersion: string): DatasetRelease[] {
  const base = origin.replace(/\/$/, "");
  return datasetEntries().map((e) => ({
    id: datasetReleaseId(e.version),
    version: e.version,
    title: e.title,
    published_at: e.dataset.published_at,
    checksum: sha256Checksum(e.dataset.sha256),
    changes: [...e.changes],
    changelog_url: `${base}${API_CHANGELOG_PATH}#${datasetReleaseId(e.version)}`,
    methodology_url: `${base}${METHODOLOGY_PATH}`,
    current: e.version === currentVersion,
  }));
}

/** Atom 1.0 (RFC 4287): one entry per release, its changes as an XHTML-free text list, linking the changelog. */
export function renderDatasetAtom(origin: string, selfPath: string, releases: readonly DatasetRelease[]): string {
  const base = origin.replace(/\/$/, "");
  const updated = releases[0]?.published_at ?? new Date(0).toISOString();
  const entries = releases.map((r) =>
    [
      "  <entry>",
      `    <id>${escapeXml(`${base}/api/datasets/${r.version}`)}</id>`,
      `    <title>${escapeXml(r.title)}</title>`,
      `    <updated>${r.published_at}</updated>`,
      `    <published>${r.published_at}</published>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(r.changelog_url)}"/>`,
      `    <link rel="related" type="text/html" href="${escapeXml(r.methodology_url)}"/>`,
      `    <category term="${escapeXml(r.version)}" label="dataset version"/>`,
      `    <summary type="text">${escapeXml([...r.changes, `Checksum of ${DATASET_CHECKSUM_FILE}: ${r.checksum}`].join("\n"))}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(`${base}${selfPath}`)}</id>
  <title>${escapeXml(DATASET_FEED_TITLE)}</title>
  <updated>${updated}</updated>
  <author><name>Climate risk platform</name></author>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${selfPath}`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${base}${API_CHANGELOG_PATH}`)}"/>
${entries.join("\n")}
</feed>
`;
}

/**
 * The release a server serves, as a `dataset.published` event tells it: the changelog's entry when it has one, else
 * the version alone (a dataset ingested locally) published when it was first announced. The checksum is always the
 * served file's.
 */
export function servedRelease(
  origin: string,
  served: { version: string; sha256: string },
  announcedAt: Date,
): DatasetRelease {
  const known = datasetReleases(origin, served.version).find((r) => r.version === served.version);
  const base = origin.replace(/\/$/, "");
  return {
    ...(known ?? {
      id: datasetReleaseId(served.version),
      version: served.version,
      title: `Dataset ${served.version}`,
      published_at: announcedAt.toISOString(),
      changes: [],
      changelog_url: `${base}${API_CHANGELOG_PATH}`,
      methodology_url: `${base}${METHODOLOGY_PATH}`,
      current: true,
    }),
    checksum: sha256Checksum(served.sha256),
  };
}

export interface DatasetPublishedEvent {
  id: string;
  type: "dataset.published";
  created_at: string;
  data: DatasetRelease;
}

export function datasetPublishedEvent(release: DatasetRelease, createdAt: Date): DatasetPublishedEvent {
  return { id: `evt_${release.id}`, type: "dataset.published", created_at: createdAt.toISOString(), data: release };
}
