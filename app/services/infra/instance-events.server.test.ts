import pg from "pg";
import { closeDb } from "./db.server";
import { publicPageCache } from "../http/page-cache.server";
import { startInstanceEvents } from "./instance-events.server";

const url = process.env.DATABASE_URL;
const page = { status: 200, headers: [] as [string, string][], body: "<html></html>", nonce: null, etag: '"x"' };

// Another process publishing content is another connection sending the signal; PGlite has no other process.
describe.skipIf(!url)("instance events on PostgreSQL", () => {
  afterAll(() => closeDb());

  it("clears this instance's rendered pages when another instance publishes", async () => {
    startInstanceEvents();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Connecting clears the cache once (signals missed while not listening); wait for that before filling it.
      await vi.waitFor(() => expect(publicPageCache.generation).toBeGreaterThan(0));
      publicPageCache.set("\n127.0.0.1\n/faq", page, publicPageCache.generation);
      expect(publicPageCache.size).toBe(1);
      await other.query("SELECT pg_notify('app_instance_events', 'unknown-event')");
      await other.query("SELECT pg_notify('app_instance_events', 'public-pages-changed')");
      await vi.waitFor(() => expect(publicPageCache.size).toBe(0), { timeout: 5_000 });
    } finally {
      await other.end();
    }
  });
});
