import { z } from "zod";
import { ID_MAX, text, wholeNumber } from "./fields";

/**
 * Catalogue payloads (SPEC §7 leaves them open; this is our design). All are POST with a JSON body, answered in
 * the envelope. Lists page with `page` (from 1) and `page_size` (default 10, at most 50) and answer
 * `{ list, total, page, page_size }`. NSFW characters appear only for visitors who verified their age and
 * turned the NSFW setting on (cookies `kewl_age_verified=1` and `kewl_nsfw=1`).
 */
export const PAGE_SIZE_DEFAULT = 10;
const PAGE_SIZE_MAX = 50;

const page = wholeNumber(1, 10_000).default(1);
const pageSize = wholeNumber(1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT);
const robotId = wholeNumber(1, ID_MAX);
const tagKey = text().trim().min(1).max(64);

/** POST /v1/tag/list: {} → { list: Tag[] } in display order. */
export const tagListRequest = z.strictObject({});

/** POST /v1/tag/detail: { key } → Tag. Unknown key: 404. */
export const tagDetailRequest = z.object({ key: tagKey });

export const ROBOT_SORTS = ["popular", "new"] as const;
export type RobotSort = (typeof ROBOT_SORTS)[number];

/**
 * POST /v1/tag/robots: { tag_key?, sort?, page?, page_size? } → Page<RobotCard>; no tag_key: all. `popular` (the
 * default): most chatted first; `new`: newest first.
 */
export const tagRobotsRequest = z.object({
  tag_key: tagKey.optional(),
  sort: z.enum(ROBOT_SORTS).default("popular"),
  page,
  page_size: pageSize,
});

/**
 * POST /v1/robot/search: { keyword, page?, page_size? } → Page<RobotCard> by relevance over name, tags, intro.
 * `total` stops counting at 1000 (shown as "1,000+").
 */
export const robotSearchRequest = z.object({ keyword: text().trim().min(1).max(100), page, page_size: pageSize });

/** POST /v1/tag/robot/detail: { id } → RobotDetail. Unknown or private: 404; NSFW without age check: 403 40301. */
export const robotDetailRequest = z.object({ id: robotId });

/**
 * POST /v1/tag/robot/exists: { id } or { name, exclude_id? } → { exists }. By name: another public or unlisted
 * character has it (case-insensitive), not counting `exclude_id` (the one being edited).
 */
export const robotExistsRequest = z
  .object({ id: robotId.optional(), name: text().trim().min(1).max(60).optional(), exclude_id: robotId.optional() })
  .refine((v) => v.id !== undefined || v.name !== undefined, { message: "Give id or name", path: ["id"] });

/** POST /v1/user/favorites/add | /remove: { robot_id } → { robot_id, favorited, favorite_count }. Idempotent. */
export const favoriteChangeRequest = z.object({ robot_id: robotId });
/** POST /v1/user/favorites/check: { robot_ids } (1..50) → { favorited: robot_id[] }. */
export const favoriteCheckRequest = z.object({ robot_ids: z.array(robotId).min(1).max(PAGE_SIZE_MAX) });
/** POST /v1/user/favorites/list: { page?, page_size? } → Page<RobotCard>, newest favourite first. */
export const favoriteListRequest = z.object({ page, page_size: pageSize });

export const tagSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  robot_count: z.number().int().nonnegative(),
});
export type Tag = z.infer<typeof tagSchema>;

const tagRefSchema = z.object({ key: z.string(), name: z.string() });

export const robotCardSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  intro: z.string(),
  avatar: z.string(),
  nsfw: z.boolean(),
  chat_count: z.number().int(),
  favorite_count: z.number().int(),
  tags: z.array(tagRefSchema),
});
export type RobotCard = z.infer<typeof robotCardSchema>;

export const robotPageSchema = z.object({
  list: z.array(robotCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RobotPage = z.infer<typeof robotPageSchema>;

export const robotDetailSchema = robotCardSchema.extend({
  greeting: z.string(),
  /** Other greetings the chat can open with (swipes on the first message). */
  alternate_greetings: z.array(z.string()),
  /** public, unlisted or private (private only ever reaches its creator). */
  visibility: z.enum(["public", "unlisted", "private"]),
  /** The character this one was copied from: its id (null once deleted), name and creator's name. */
  copied_from: z.object({ id: z.number().int().nullable(), name: z.string(), creator_name: z.string() }).nullable(),
  scenario: z.string(),
  creator: z.object({ key: z.string(), name: z.string(), face: z.string() }).nullable(),
  is_favorite: z.boolean(),
});
export type RobotDetail = z.infer<typeof robotDetailSchema>;

export const favoriteStateSchema = z.object({
  robot_id: z.number().int(),
  favorited: z.boolean(),
  favorite_count: z.number().int(),
});
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
