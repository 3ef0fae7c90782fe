/** HTML that has been through the server's sanitiser (services/safe-html.server.ts): the only HTML a page may inject. */
export type SafeHtml = string & { readonly __safeHtml: true };
