import {
  CHUNK_RELOAD_GATE_FLAG,
  CHUNK_RELOAD_MIN_INTERVAL_MS,
  CHUNK_RELOAD_NOTICE_ID,
  CHUNK_RELOAD_TEXT,
  chunkReloadGateScript,
  isChunkLoadError,
  shouldReloadForChunkError,
} from "./chunk-reload";

describe("chunk reload guard", () => {
  it("recognises chunk load failures from each browser", () => {
    expect(isChunkLoadError("TypeError: Failed to fetch dynamically imported module: /build/x.js")).toBe(true);
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError("ChunkLoadError: Loading chunk 42 failed.")).toBe(true);
    expect(isChunkLoadError("Cannot read properties of undefined")).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
  it("reloads at most once a minute", () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - CHUNK_RELOAD_MIN_INTERVAL_MS + 1)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - CHUNK_RELOAD_MIN_INTERVAL_MS)).toBe(true);
  });
});

describe("the page's reload gate script", () => {
  /** Runs the inline script against a stand-in for the browser's navigation, storage and document. */
  function page(withNavigationApi = true) {
    let listener: ((e: unknown) => void) | null = null;
    const store = new Map<string, string>();
    const appended: { id: string; role: string | null; text: string; href?: string }[] = [];
    const element = () => {
      const el = {
        id: "",
        className: "",
        textContent: "",
        href: "",
        attrs: new Map<string, string>(),
        children: [] as unknown[],
      };
      return Object.assign(el, {
        setAttribute: (k: string, v: string) => el.attrs.set(k, v),
        appendChild: (c: unknown) => el.children.push(c),
      });
    };
    const document = {
      getElementById: (id: string) => appended.find((a) => a.id === id) ?? null,
      createElement: element,
      createTextNode: (text: string) => ({ text }),
      body: {
        appendChild: (el: ReturnType<typeof element>) => {
          const [text, link] = el.children as [{ text: string }, ReturnType<typeof element>];
          appended.push({
            id: el.id,
            role: el.attrs.get("role") ?? null,
            text: `${text.text} ${link.textContent}`,
            href: link.href,
          });
        },
      },
    };
    const window: Record<string, unknown> = withNavigationApi
      ? { navigation: { addEventListener: (_: string, fn: (e: unknown) => void) => (listener = fn) } }
      : {};
    let now = 1_000_000;
    const sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const logged: unknown[][] = [];
    const console = { error: (...args: unknown[]) => void logged.push(args) };
    new Function(
      "window",
      "navigation",
      "sessionStorage",
      "document",
      "location",
      "Date",
      "console",
      chunkReloadGateScript(),
    )(
      window,
      window.navigation,
      sessionStorage,
      document,
      { href: "http://localhost/faq" },
      { now: () => now },
      console,
    );
    /** A navigation: whether the gate cancelled it. */
    const navigate = (navigationType: string, userInitiated = false) => {
      let prevented = false;
      listener?.({ navigationType, userInitiated, cancelable: true, preventDefault: () => (prevented = true) });
      return prevented;
    };
    /** What Remix logs when a route module fails to load, just before it reloads the page. */
    const chunkFails = () => {
      console.error("Error loading route module `/build/routes/contact-X.js`, reloading page...");
      console.error(new TypeError("Failed to fetch dynamically imported module: /build/routes/contact-X.js"));
    };
    return {
      window,
      navigate,
      appended,
      chunkFails,
      logged,
      advance: (ms: number) => (now += ms),
      listening: () => listener !== null,
    };
  }

  it("after a failed chunk, lets one scripted reload through a minute and cancels the others with a notice", () => {
    const p = page();
    expect(p.window[CHUNK_RELOAD_GATE_FLAG]).toEqual({ failed: expect.any(Function) });
    p.chunkFails();
    // the log lines still reach the console
    expect(p.logged).toHaveLength(2);
    expect(p.navigate("reload")).toBe(false);
    p.advance(10_000);
    p.chunkFails();
    expect(p.navigate("reload")).toBe(true);
    p.advance(CHUNK_RELOAD_MIN_INTERVAL_MS - 10_001);
    expect(p.navigate("reload")).toBe(true);
    // one notice, however many reloads were held
    expect(p.appended).toEqual([
      {
        id: CHUNK_RELOAD_NOTICE_ID,
        role: "alert",
        text: `${CHUNK_RELOAD_TEXT.notice} ${CHUNK_RELOAD_TEXT.reload}`,
        href: "http://localhost/faq",
      },
    ]);
    p.advance(1);
    expect(p.navigate("reload")).toBe(false);
  });

  it("never holds a page's own timed refresh while no chunk has failed", () => {
    const p = page();
    for (let i = 0; i < 5; i++) {
      expect(p.navigate("reload")).toBe(false);
      p.advance(2_000);
    }
    expect(p.appended).toEqual([]);
  });

  it("never holds a reload the user asks for, nor other navigations", () => {
    const p = page();
    p.chunkFails();
    expect(p.navigate("reload")).toBe(false);
    expect(p.navigate("reload", true)).toBe(false);
    expect(p.navigate("push")).toBe(false);
    expect(p.appended).toEqual([]);
  });

  it("counts a failure the client's chunk-error handler reports", () => {
    const p = page();
    (p.window[CHUNK_RELOAD_GATE_FLAG] as { failed(): void }).failed();
    expect(p.navigate("reload")).toBe(false);
    expect(p.navigate("reload")).toBe(true);
  });

  it("does nothing without the Navigation API", () => {
    const p = page(false);
    expect(p.listening()).toBe(false);
    expect(p.window[CHUNK_RELOAD_GATE_FLAG]).toBeUndefined();
  });
});
