// The server renders the tour at once (its markup must be whole without JavaScript); the browser loads it lazily.
export { IntroTour } from "./intro-tour";
