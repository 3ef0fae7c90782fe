import { setupTestDatabase } from "#db/testing";
import { adminListContent, setContentPublished } from "./content.server";
import { publicPageCache } from "../http/page-cache.server";

setupTestDatabase();

const page = { status: 200, headers: [] as [string, string][], body: "<html></html>", nonce: null, etag: '"x"' };

describe("publishing content", () => {
  it("clears the cache of rendered anonymous pages", async () => {
    const [first] = await adminListContent("faq");
    publicPageCache.set("\n127.0.0.1\n/faq", page, publicPageCache.generation);
    expect(publicPageCache.size).toBe(1);
    await setContentPublished("faq", first!.id, false);
    expect(publicPageCache.size).toBe(0);
  });
});
