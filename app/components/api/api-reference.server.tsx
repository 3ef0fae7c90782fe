import { renderToStaticMarkup } from "react-dom/server";
import { ApiReference } from "./api-reference";

/** The API reference as markup: drawn once per document by the server, set by the /api page. */
export function apiReferenceHtml(doc: Parameters<typeof ApiReference>[0]["doc"]): string {
  return renderToStaticMarkup(<ApiReference doc={doc} />);
}
