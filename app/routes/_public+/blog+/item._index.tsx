import { redirect } from "@remix-run/node";

/** `/blog/item` without an id has nothing to show: the list is the closest page. */
export const loader = () => redirect("/blog", 301);
