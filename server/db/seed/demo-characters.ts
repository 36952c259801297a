import { DEMO_CHARACTERS_A } from "./demo-characters-a";
import { DEMO_CHARACTERS_B } from "./demo-characters-b";
import { DEMO_CHARACTERS_C } from "./demo-characters-c";
import { DEMO_CHARACTERS_D } from "./demo-characters-d";
import type { DemoCharacter } from "./demo-types";

/** The demo catalogue, in the order that sets its seeded ids; split over four files only for their length. */
export const DEMO_CHARACTERS: DemoCharacter[] = [
  ...DEMO_CHARACTERS_A,
  ...DEMO_CHARACTERS_B,
  ...DEMO_CHARACTERS_C,
  ...DEMO_CHARACTERS_D,
];
