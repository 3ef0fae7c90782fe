import type { LoaderFunctionArgs } from "@remix-run/node";
import { faqItemResponse } from "~/services/content-api.server";

export const loader = ({ params }: LoaderFunctionArgs) => faqItemResponse(params.id);
