/** A stale deployment makes old script chunks 404; one reload fetches the new build, but never loop. */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "chunk-reload-at";

const CHUNK_ERROR_PATTERNS = [
  // Remix's own log line just before it reloads the page for a route module that failed to load.
  /Error loading route module/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
];

export function isChunkLoadError(message: string | undefined | null): boolean {
  return Boolean(message) && CHUNK_ERROR_PATTERNS.some((p) => p.test(message!));
}

export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}

/** The notice shown instead of a second reload within the minute. */
export const CHUNK_RELOAD_TEXT = {
  notice:
    "Part of this page failed to load. A failed chunk load triggers a page reload at most once per minute, and this page was reloaded less than a minute ago.",
  reload: "Reload",
} as const;

export const CHUNK_RELOAD_NOTICE_ID = "chunk-reload-notice";
/**
 * Set on window by the gate below (an object with `failed()`): the client's own chunk-error handler reports the failure
 * to it and leaves the rate to it.
 */
export const CHUNK_RELOAD_GATE_FLAG = "__chunkReloadGate";

/**
 * The inline script (drawn by the root loader, written by root.tsx with the page's CSP nonce) that holds the reloads a failed script chunk causes to at
 * most one a minute. Remix reloads the page each time a route chunk fails to load (its loadRouteModule logs the
 * failure with console.error, then calls location.reload()), which a broken deployment would turn into a loop; the
 * Navigation API's `navigate` event sees that reload before it happens and can cancel it. Only reloads after a chunk
 * failure seen in this page are counted: a page's own timed refresh (the scan page's progress) and any reload the
 * user asks for (button, keyboard) go through untouched.
 * Browsers without the Navigation API keep the plain behaviour: every failed chunk reloads the page.
 */
export function chunkReloadGateScript(): string {
  const config = JSON.stringify({
    key: CHUNK_RELOAD_STORAGE_KEY,
    interval: CHUNK_RELOAD_MIN_INTERVAL_MS,
    patterns: CHUNK_ERROR_PATTERNS.map((p) => p.source),
    id: CHUNK_RELOAD_NOTICE_ID,
    flag: CHUNK_RELOAD_GATE_FLAG,
    text: CHUNK_RELOAD_TEXT,
    // Tailwind classes of the notice (this file is in tailwind's content, so they are built).
    box: "fixed inset-x-0 bottom-0 z-50 border-t border-amber-300 bg-amber-50 p-3 text-center text-sm text-amber-900 shadow",
    link: "ml-2 font-semibold underline",
  }).replace(/</g, "\\u003c");
  return `(function(c){
if(!window.navigation||!window.navigation.addEventListener)return;
var failed=false,res=c.patterns.map(function(p){return new RegExp(p,"i")});
function chunkError(v){var s=v&&typeof v==="object"&&"message" in v?String(v.message):String(v);for(var i=0;i<res.length;i++)if(res[i].test(s))return true;return false}
var gate={failed:function(){failed=true}};
window[c.flag]=gate;
var log=console.error;
console.error=function(){for(var i=0;i<arguments.length;i++)if(chunkError(arguments[i])){failed=true;break}return log.apply(console,arguments)};
function last(){try{var v=sessionStorage.getItem(c.key);return v===null?null:Number(v)}catch(e){return null}}
function notice(){if(document.getElementById(c.id))return;var b=document.createElement("div");b.id=c.id;b.setAttribute("role","alert");b.className=c.box;
b.appendChild(document.createTextNode(c.text.notice));var a=document.createElement("a");a.href=location.href;a.className=c.link;a.textContent=c.text.reload;b.appendChild(a);document.body.appendChild(b)}
navigation.addEventListener("navigate",function(e){
if(e.navigationType!=="reload"||e.userInitiated||!failed)return;
var now=Date.now(),at=last();
if(at===null||!isFinite(at)||now-at>=c.interval){try{sessionStorage.setItem(c.key,String(now))}catch(x){}return}
if(!e.cancelable)return;
e.preventDefault();notice()});
})(${config});`;
}
