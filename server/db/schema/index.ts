export * from "./accounts";
export * from "./analytics";
export * from "./catalogue";
export * from "./chat";
export * from "./billing";
export * from "./platform";
export * from "./search";
export * from "./chat-memory";
