// The server renders the dialog at once (its markup must be whole without JavaScript); the browser loads it lazily.
export { default as UnlockDialog } from "./unlock-dialog";
