import { DEMO_CHARACTERS_A } from "./demo-characters-a";
import { DEMO_CHARACTERS_B } from "./demo-characters-b";
import { DEMO_CHARACTERS_C } from "./demo-characters-c";
import type { DemoCharacter } from "./demo-types";

export const DEMO_CHARACTERS: DemoCharacter[] = [...DEMO_CHARACTERS_A, ...DEMO_CHARACTERS_B, ...DEMO_CHARACTERS_C];
