export * from "./accounts";
export * from "./content";
export * from "./marketing";
export * from "./entitlements";
export * from "./performance";
export * from "./commerce";
export * from "./portfolio";
export * from "./reports";
