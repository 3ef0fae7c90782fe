import type { AppLoadContext } from "@remix-run/node";
import { clientAddress } from "~/domain/http/client-address";
import { getEnv } from "~/env.server";

/** The address rate limits are keyed by: the socket peer from the server entry, forwarded headers only via TRUST_PROXY. */
export function requestClientAddress(request: Request, context: AppLoadContext | undefined): string {
  return clientAddress({
    remoteAddress: context?.remoteAddress,
    headers: request.headers,
    trustProxy: getEnv().TRUST_PROXY,
  });
}
