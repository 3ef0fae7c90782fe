import { Form, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  PLACE_KEPT_PARAMS,
  PLACE_MESSAGES,
  PLACE_QUERY_MAX_LENGTH,
  PLACE_SEARCH_PATH,
  foldPlaceName,
  formatPopulation,
  narrowPlaceResults,
  placeSearchHref,
  readPlaceQuery,
  type PlaceChoice,
} from "~/domain/geo/places";

interface PlaceSearchData {
  q: string;
  tooShort: boolean;
  results: PlaceChoice[];
}

/** Long enough to skip a request per keystroke, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

/**
 * Place-name search. Without JavaScript a GET form to the result page; once hydrated an ARIA 1.2 combobox
 * (list autocomplete) whose choice opens /dashboard?lat=…&lon=….
 */
export function PlaceSearch({ defaultQuery = "" }: { defaultQuery?: string }) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const navigate = useNavigate();
  const fetcher = useFetcher<PlaceSearchData>();
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const lastLoaded = useRef<string | null>(null);

  const { q, tooShort } = readPlaceQuery(value);
  const kept = PLACE_KEPT_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!] as const] : []));
  const url = placeSearchHref(q, params);
  const key = placeSearchHref(foldPlaceName(q), params);

  // Load after a pause in typing; the same query twice in a row is loaded once.
  useEffect(() => {
    if (!hydrated || tooShort || !open || key === lastLoaded.current) return;
    const timer = setTimeout(() => {
      lastLoaded.current = key;
      fetcher.load(url);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // the fetcher object changes identity on every state change; listing it would reload in a loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, url, key, tooShort, open]);

  const data = fetcher.data;
  const results = data && !data.tooShort ? narrowPlaceResults(data.results, data.q, q) : [];
  const expanded = hydrated && open && results.length > 0;
  const current = !!data && !tooShort && foldPlaceName(data.q) === foldPlaceName(q) && fetcher.state === "idle";

  // A new result list starts with nothing highlighted.
  useEffect(() => setActive(-1), [data]);

  const choose = (choice: PlaceChoice) => {
    setOpen(false);
    setValue(choice.name);
    navigate(choice.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setOpen(true);
      if (!results.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      if (e.altKey) return;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : results.length - 1) : (i + step + results.length) % results.length));
    } else if (e.key === "Enter") {
      // with nothing highlighted, Enter submits the form to the full result page
      if (expanded && active >= 0 && results[active]) {
        e.preventDefault();
        choose(results[active]!);
      }
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        setValue("");
      }
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  const status =
    !hydrated || !open || tooShort || !current
      ? ""
      : results.length
        ? PLACE_MESSAGES.found(results.length)
        : PLACE_MESSAGES.noMatch(q);

  return (
    <Form
      method="get"
      action={PLACE_SEARCH_PATH}
      role="search"
      aria-label="Place"
      className="relative flex max-w-xl flex-wrap items-end gap-2"
    >
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="relative min-w-0 flex-1">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Find a place
        </label>
        <input
          id={inputId}
          name="q"
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          maxLength={PLACE_QUERY_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="City or town, e.g. London"
          className="mt-1 w-full rounded border-slate-300"
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
        />
        {hydrated ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Places"
            hidden={!expanded}
            className="absolute left-0 right-0 z-30 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {results.map((p, i) => (
              <li
                key={p.href}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // keep focus in the input so the list does not close before the click lands
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(p)}
                onMouseMove={() => setActive(i)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-700" : "text-slate-800"}`}
              >
                <span>{p.label}</span>
                <span className="shrink-0 text-xs text-slate-500">{formatPopulation(p.population)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="submit" className="btn-secondary">
        Search
      </button>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </Form>
  );
}
