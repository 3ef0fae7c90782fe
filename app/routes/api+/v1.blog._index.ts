import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogListResponse } from "~/services/content-api.server";

export const loader = ({ request }: LoaderFunctionArgs) => blogListResponse(request);
