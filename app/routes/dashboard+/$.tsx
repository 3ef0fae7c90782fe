export { default, ErrorBoundary, loader } from "~/components/not-found-route";
