import type { DemoTag } from "./demo-types";

export const DEMO_TAGS: DemoTag[] = [
  {
    key: "fantasy",
    name: "Fantasy",
    description: "Wizards, dragons, cursed crowns and taverns at the edge of the map.",
    sort: 1,
  },
  {
    key: "sci-fi",
    name: "Sci-Fi",
    description: "Starships, rogue AIs and frontier colonies under alien skies.",
    sort: 2,
  },
  {
    key: "romance",
    name: "Romance",
    description: "Slow burns, stolen glances and charming company for the evening.",
    sort: 3,
  },
  {
    key: "anime",
    name: "Anime",
    description: "Heroes, rivals and schoolmates straight out of your favourite series.",
    sort: 4,
  },
  {
    key: "mentors",
    name: "Mentors",
    description: "Patient teachers and coaches who help you learn, practise and grow.",
    sort: 5,
  },
  {
    key: "history",
    name: "History",
    description: "Voices from the past: legionaries, aviators, mapmakers and more.",
    sort: 6,
  },
  {
    key: "horror",
    name: "Horror",
    description: "Creaking stairs, ghost trains and things best left unopened.",
    sort: 7,
  },
  { key: "comedy", name: "Comedy", description: "Characters built to make you laugh, groan and laugh again.", sort: 8 },
  {
    key: "games",
    name: "Games",
    description: "Game masters, quest givers, trivia hosts and self-aware NPCs.",
    sort: 9,
  },
  {
    key: "companions",
    name: "Companions",
    description: "Friendly faces for a chat at the end of a long day.",
    sort: 10,
  },
  {
    key: "mystery",
    name: "Mystery",
    description: "Detectives, riddles and cases that refuse to stay closed.",
    sort: 11,
  },
  {
    key: "adventure",
    name: "Adventure",
    description: "Expeditions, heists and journeys where the stakes are real.",
    sort: 12,
  },
  {
    key: "slice-of-life",
    name: "Slice of Life",
    description: "Cosy everyday moments in cafés, kitchens and small towns.",
    sort: 13,
  },
  {
    key: "wellness",
    name: "Wellness",
    description: "Calm guides for rest, reflection, movement and healthy habits.",
    sort: 14,
  },
];
