import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogItemResponse } from "~/services/content-api.server";

export const loader = ({ params }: LoaderFunctionArgs) => blogItemResponse(params.id);
