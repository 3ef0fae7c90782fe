export * from "./accounts";
export * from "./content";
export * from "./marketing";
export * from "./entitlements";
