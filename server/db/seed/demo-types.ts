import type { AvatarStyleName } from "../../modules/avatars/render-avatar";

export interface DemoTag {
  key: string;
  name: string;
  description: string;
  sort: number;
}

export interface DemoCharacter {
  /** Unique kebab-case slug, e.g. "captain-mira-voss". */
  key: string;
  /** Display name, at most 40 characters. */
  name: string;
  /** One or two sentences shown on cards, at most 160 characters. */
  intro: string;
  /** The first message the character sends, in character; may use {{user}}. */
  greeting: string;
  /** 2-4 sentences of personality, voice and background, third person, uses {{char}}. */
  persona: string;
  /** 1-2 sentences describing where the chat happens; uses {{char}} and {{user}}. */
  scenario: string;
  /** 2-4 lines, each starting with "{{user}}: " or "{{char}}: ", joined with "\n". */
  exampleDialogue: string;
  /** 1-3 tag keys from DEMO_TAGS. */
  tags: string[];
  avatarStyle: AvatarStyleName;
  chatCount: number;
  /** Always lower than chatCount. */
  favoriteCount: number;
  nsfw: boolean;
}
