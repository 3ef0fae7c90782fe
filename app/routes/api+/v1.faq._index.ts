import type { LoaderFunctionArgs } from "@remix-run/node";
import { faqListResponse } from "~/services/content-api.server";

export const loader = ({ request }: LoaderFunctionArgs) => faqListResponse(request);
