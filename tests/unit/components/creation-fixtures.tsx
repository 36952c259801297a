import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { writeCardToPng } from "@/lib/cards/card-png";
import { writePngChunks } from "@/lib/cards/png-chunks";
import { CreateCharacter } from "@/components/creation/create-character";
import type { FormMode } from "@/lib/creation/character-form";

export const TAGS = [
  { key: "fantasy", name: "Fantasy" },
  { key: "sci-fi", name: "Sci-Fi" },
  { key: "romance", name: "Romance" },
  { key: "horror", name: "Horror" },
  { key: "comedy", name: "Comedy" },
  { key: "mystery", name: "Mystery" },
];

export function renderCreate(mode: FormMode = { kind: "new" }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(wrap(<CreateCharacter mode={mode} tags={TAGS} />));
}

/** A 1×1 PNG (IHDR, IDAT, IEND) made with lib/cards' chunk writer (the IDAT need not decode for these tests). */
export function plainPng(): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, 1);
  view.setUint32(4, 1);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return writePngChunks([
    { type: "IHDR", data: ihdr },
    { type: "IDAT", data: Uint8Array.of(0x78, 0x9c, 0x63, 0xf8, 0xff, 0xa0, 0x01, 0x00, 0x05, 0x06, 0x02, 0xfe) },
    { type: "IEND", data: new Uint8Array() },
  ]);
}

export function cardPng(card: object): Uint8Array {
  const text = JSON.stringify(card);
  return writeCardToPng(plainPng(), { v3: text, v2: text });
}

export const V2_CARD = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Captain Vale",
    description: "A weathered sky-pirate who speaks in riddles.",
    personality: "wry",
    scenario: "Aboard the airship Gull.",
    first_mes: "Welcome aboard, {{user}}. I am {{char}}.",
    mes_example: "<START>\n{{char}}: Hold fast.",
    creator_notes: "A pirate captain for stormy adventures.",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: ["Another storm, {{user}}?"],
    tags: ["Fantasy", "Pirates"],
    creator: "someone",
    character_version: "1.2",
    extensions: { depth_prompt: { depth: 4, prompt: "stay salty" } },
    character_book: { name: "Gull lore", entries: [{ keys: ["gull"], content: "The ship." }] },
    unknown_field: 7,
  },
};
