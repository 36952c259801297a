import { expect, test } from "@playwright/test";
import { DEMO_CHARACTERS, DEMO_TAGS, escapeHtml, greetingFragment } from "./support";

test("the home page HTML is server rendered with character names and tag chips", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();

  for (const tag of DEMO_TAGS) {
    expect(html, `tag chip for ${tag.key}`).toContain(`href="/tag/${tag.key}"`);
    expect(html).toContain(escapeHtml(tag.name));
  }
  const mostPopularSafe = DEMO_CHARACTERS.filter((c) => !c.nsfw)
    .sort((a, b) => b.chatCount - a.chatCount)
    .slice(0, 3);
  for (const character of mostPopularSafe) {
    expect(html, `card for ${character.name}`).toContain(escapeHtml(character.name));
  }
  expect(html).toMatch(/href="\/character\/\d+"/);
});

test("a tag chip opens the tag page", async ({ page }) => {
  const tag = DEMO_TAGS[0]!;
  await page.goto("/");
  await page.getByRole("navigation", { name: "Tags" }).getByRole("link", { name: tag.name, exact: true }).click();
  await expect(page).toHaveURL(`/tag/${tag.key}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tag.name);
});

test("a character card opens the character page, whose Chat link opens the chat with the greeting", async ({
  page,
}) => {
  await page.goto("/");
  const firstCard = page.getByRole("region", { name: "Popular characters" }).getByRole("listitem").first();
  const name = (await firstCard.getByRole("heading").first().textContent())?.trim() ?? "";
  const character = DEMO_CHARACTERS.find((c) => c.name === name);
  expect(character, `"${name}" is a seeded character`).toBeDefined();

  await firstCard.getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(/\/character\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  const chat = page.getByRole("main").getByRole("link", { name: "Chat", exact: true });
  await expect(chat).toHaveAttribute("href", `/character/chat/${id}`);
  await chat.click();
  await expect(page).toHaveURL(`/character/chat/${id}`);
  await expect(page.getByRole("main").getByText(greetingFragment(character!.greeting))).toBeVisible();
});
