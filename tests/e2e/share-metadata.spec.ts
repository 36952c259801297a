import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, type TestSession } from "./chat-support";
import { DEMO_TAGS } from "./support";

/**
 * Issue 15 item 6: share metadata on the public pages, their share images, sitemap.xml and robots.txt. The e2e
 * server runs with PUBLIC_BASE_URL = its own address (playwright.config.ts); every request here also claims
 * another host, which must never reach a URL. Pages are read as a link-preview bot reads them (Twitterbot gets
 * the metadata in <head>, not streamed after it).
 */
const EVIL = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
const BOT = { ...EVIL, "user-agent": "Twitterbot/1.0" };

function baseUrl(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("playwright.config.ts sets no baseURL");
  return base;
}

/** The content of the one <meta> (property or name) or <link rel> in the page's head; fails on none or several. */
function headTag(html: string, attr: "property" | "name" | "rel", value: string): string {
  const head = html.slice(0, html.indexOf("</head>"));
  const tag = attr === "rel" ? "link" : "meta";
  const target = attr === "rel" ? "href" : "content";
  const pattern = new RegExp(`<${tag}\\b[^>]*\\b${attr}="${value.replace(/[.:]/g, "\\$&")}"[^>]*>`, "g");
  const found = head.match(pattern) ?? [];
  expect(found, `${tag} ${attr}=${value}`).toHaveLength(1);
  const content = new RegExp(`\\b${target}="([^"]*)"`).exec(found[0]!)?.[1];
  return (content ?? "").replace(/&amp;/g, "&");
}

async function createCharacter(
  request: APIRequestContext,
  session: TestSession,
  over: { name: string; visibility: "public" | "unlisted" | "private"; nsfw?: boolean },
): Promise<number> {
  const res = await request.post("/v1/user/robot/create", {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      intro: "Made by the sitemap test.",
      greeting: "Hello there.",
      tags: ["fantasy"],
      nsfw: false,
      ...over,
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id as number;
}

const tag = DEMO_TAGS[0]!;
const PAGES = [
  { path: "/", ownImage: false },
  { path: `/tag/${tag.key}`, ownImage: true },
  { path: "/search", ownImage: false },
  { path: "/character/1", ownImage: true },
  { path: "/profile/kewl-studio", ownImage: true },
  { path: "/blog/experience-personalized-ai-chat-with-hot-girls-for-ultimate-fun", ownImage: false },
  { path: "/event/halloween-2025", ownImage: false },
  { path: "/faq", ownImage: false },
] as const;

for (const { path, ownImage } of PAGES) {
  test(`${path} has a title, description, canonical URL, Open Graph and Twitter tags on PUBLIC_BASE_URL`, async ({
    request,
  }) => {
    const base = baseUrl();
    const res = await request.get(path, { headers: BOT });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const url = `${base}${path === "/" ? "" : path}`;
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(headTag(html, "name", "description").length).toBeGreaterThan(10);
    expect(headTag(html, "rel", "canonical")).toBe(url);
    expect(headTag(html, "property", "og:url")).toBe(url);
    expect(headTag(html, "property", "og:site_name")).toBe("Kewl");
    expect(headTag(html, "property", "og:title")).toMatch(/Kewl/);
    expect(headTag(html, "property", "og:description").length).toBeGreaterThan(10);
    expect(headTag(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(headTag(html, "name", "twitter:title")).toBe(headTag(html, "property", "og:title"));
    const image = headTag(html, "property", "og:image");
    expect(headTag(html, "name", "twitter:image")).toBe(image);
    expect(image.startsWith(`${base}/`)).toBe(true);
    expect(html).not.toContain("evil.example");
    if (ownImage) expect(new URL(image).pathname).toMatch(new RegExp(`^${path}/opengraph-image`));
    else expect(new URL(image).pathname).toBe("/share-card.png");

    const png = await request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
  });
}

test("a later page of a listing is its own canonical URL", async ({ request }) => {
  const html = await (await request.get(`/tag/${tag.key}?page=2&sort=new`, { headers: BOT })).text();
  expect(headTag(html, "rel", "canonical")).toBe(`${baseUrl()}/tag/${tag.key}?page=2`);
});

test("a new creator's profile shares a card with their avatar; unknown profiles and tags get the brand card", async ({
  request,
}) => {
  const session = await createUser(request, "share");
  await createCharacter(request, session, { name: "Share Card Sage", visibility: "public" });
  const html = await (await request.get(`/profile/${session.profile.key}`, { headers: BOT })).text();
  expect(headTag(html, "property", "og:description")).toContain("1 character by");
  const profileImage = headTag(html, "property", "og:image");
  const tagHtml = await (await request.get(`/tag/${tag.key}`, { headers: BOT })).text();
  const tagImage = headTag(tagHtml, "property", "og:image");
  for (const image of [
    profileImage,
    profileImage.replace(`/profile/${session.profile.key}/`, "/profile/nobody-at-all/"),
    tagImage.replace(`/tag/${tag.key}/`, "/tag/no-such-tag/"),
  ]) {
    const png = await request.get(image);
    expect(png.status(), image).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
});

test("sitemap.xml lists the public pages on PUBLIC_BASE_URL and never unlisted, private or NSFW characters", async ({
  request,
}) => {
  const base = baseUrl();
  const session = await createUser(request, "sitemap");
  const stamp = Date.now().toString(36);
  const listed = await createCharacter(request, session, { name: `Listed ${stamp}`, visibility: "public" });
  const hidden = [
    await createCharacter(request, session, { name: `Unlisted ${stamp}`, visibility: "unlisted" }),
    await createCharacter(request, session, { name: `Private ${stamp}`, visibility: "private" }),
    await createCharacter(request, session, { name: `Mature ${stamp}`, visibility: "public", nsfw: true }),
  ];

  const sitemap = async () => (await request.get("/sitemap.xml", { headers: EVIL })).text();
  await expect.poll(sitemap).toContain(`<loc>${base}/character/${listed}</loc>`);
  const xml = await sitemap();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.every((loc) => loc.startsWith(`${base}/`))).toBe(true);
  for (const id of hidden) expect(locs).not.toContain(`${base}/character/${id}`);
  expect(locs).toContain(`${base}/`);
  expect(locs).toContain(`${base}/faq`);
  expect(locs).toContain(`${base}/event/halloween-2025`);
  expect(locs).toContain(`${base}/tag/${tag.key}`);
  expect(locs).toContain(`${base}/profile/kewl-studio`);
  expect(locs).toContain(`${base}/profile/${session.profile.key}`);
  expect(locs).toContain(`${base}/character/1`);
  expect(locs.some((loc) => loc.includes("/character/chat/"))).toBe(false);

  // A creator whose only characters are hidden is not listed.
  const quiet = await createUser(request, "sitemap-quiet");
  await createCharacter(request, quiet, { name: `Quiet ${stamp}`, visibility: "unlisted" });
  // A later public character: once it shows, the sitemap was read after the quiet creator's character existed.
  const later = await createCharacter(request, session, { name: `Later ${stamp}`, visibility: "public" });
  await expect.poll(sitemap).toContain(`<loc>${base}/character/${later}</loc>`);
  expect(await sitemap()).not.toContain(`/profile/${quiet.profile.key}<`);
});

test("robots.txt allows the public pages and names the sitemap on PUBLIC_BASE_URL", async ({ request }) => {
  const res = await request.get("/robots.txt", { headers: EVIL });
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^User-Agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text).toMatch(/^Disallow: \/v1\/$/m);
  expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  expect(text).not.toContain("evil.example");
});
