// The server renders the section at once (a plain GET form, whole without JavaScript); the browser loads its code only
// on a page that shows it, a point with a flood-depth layer.
export { default as FloodLossSection } from "./flood-loss-section";
