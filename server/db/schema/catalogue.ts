import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CardExtras } from "../../../lib/contracts/creation";
import type { Lorebook } from "../../../lib/validation/lorebook-rules";
import { nameKey } from "../name-key";
import { users } from "./accounts";

export const tags = pgTable(
  "tags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tags_key_uq").on(t.key)],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const robots = pgTable(
  "robots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    creatorId: uuid("creator_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    intro: text("intro").notNull().default(""),
    greeting: text("greeting").notNull().default(""),
    persona: text("persona").notNull().default(""),
    scenario: text("scenario").notNull().default(""),
    exampleDialogue: text("example_dialogue").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    nsfw: boolean("nsfw").notNull().default(false),
    visibility: text("visibility").notNull().default("public"),
    alternateGreetings: jsonb("alternate_greetings").$type<string[]>().notNull().default([]),
    /** What a character card holds that the form does not show, given back verbatim on export. */
    cardExtras: jsonb("card_extras").$type<Partial<CardExtras>>().notNull().default({}),
    /** The character's lorebook (a card's `character_book`, lib/validation/lorebook-rules.ts), null for none. */
    lorebook: jsonb("lorebook").$type<Lorebook>(),
    /** The credit to the character this one was copied from; its name and creator's name outlive it. */
    copiedFromId: bigint("copied_from_id", { mode: "number" }).references((): AnyPgColumn => robots.id, {
      onDelete: "set null",
    }),
    copiedFromName: text("copied_from_name"),
    copiedFromCreator: text("copied_from_creator"),
    chatCount: bigint("chat_count", { mode: "number" }).notNull().default(0),
    favoriteCount: bigint("favorite_count", { mode: "number" }).notNull().default(0),
    /** Names of the character's tags, kept in step with robot_tags, so search can rank by them. */
    tagText: text("tag_text").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(tag_text, '')), 'B') || setweight(to_tsvector('english', coalesce(intro, '')), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("robots_key_uq").on(t.key),
    index("robots_creator_idx").on(t.creatorId),
    index("robots_popular_idx").on(t.chatCount.desc(), t.id),
    // The 'New' sort (newest first), walked in order and stopped once the page is full.
    index("robots_new_idx").on(t.createdAt.desc(), t.id.desc()),
    index("robots_search_idx").using("gin", t.searchVector),
    index("robots_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // Names alone, so a broad search can list the characters whose name matches before it reads every match.
    index("robots_name_fts_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
    // The name check compares names as nameKey has them ("PubBot\u200B" is "pubbot").
    index("robots_name_key_idx").on(nameKey(t.name)),
    check("robots_counts_ck", sql`${t.chatCount} >= 0 and ${t.favoriteCount} >= 0`),
    check("robots_visibility_ck", sql`${t.visibility} in ('public', 'unlisted', 'private')`),
    check("robots_name_ck", sql`char_length(${t.name}) between 1 and 60`),
    // The hard limits of lib/validation/character-rules.ts, so no path around the API stores more.
    check(
      "robots_text_ck",
      sql`char_length(${t.intro}) <= 500 and char_length(${t.greeting}) <= 4000 and char_length(${t.persona}) <= 8000 and char_length(${t.scenario}) <= 4000 and char_length(${t.exampleDialogue}) <= 8000`,
    ),
    check(
      "robots_alternate_greetings_ck",
      sql`jsonb_typeof(${t.alternateGreetings}) = 'array' and jsonb_array_length(${t.alternateGreetings}) <= 10`,
    ),
    // jsonb's text spaces out what JSON.stringify packs, hence twice the 256 KB the API allows.
    check(
      "robots_card_extras_ck",
      sql`jsonb_typeof(${t.cardExtras}) = 'object' and octet_length(${t.cardExtras}::text) <= 524288`,
    ),
    // LOREBOOK_LIMITS: 500 entries, 512 KB as the API counts it (twice that as jsonb text).
    check(
      "robots_lorebook_ck",
      sql`${t.lorebook} is null or (jsonb_typeof(${t.lorebook}) = 'object' and jsonb_typeof(${t.lorebook}->'entries') = 'array' and jsonb_array_length(${t.lorebook}->'entries') <= 500 and octet_length(${t.lorebook}::text) <= 1048576)`,
    ),
  ],
);

export const robotTags = pgTable(
  "robot_tags",
  {
    robotId: bigint("robot_id", { mode: "number" })
      .notNull()
      .references(() => robots.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.tagId] }), index("robot_tags_tag_idx").on(t.tagId, t.robotId)],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    robotId: bigint("robot_id", { mode: "number" })
      .notNull()
      .references(() => robots.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.robotId] }), index("favorites_robot_idx").on(t.robotId)],
);
