import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { signedInUser } from "./chat-support";

/**
 * Creation end to end (issue 13): create a character with an uploaded avatar, find it on its page, the profile
 * and in search, chat with it, edit it, export it as a PNG card, import that card on /create as a new character,
 * and delete both.
 */
test.describe.configure({ timeout: 120_000 });

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A real 64×64 RGB PNG (a diagonal gradient), written with Node's zlib, for the avatar upload. */
function avatarPng(): Buffer {
  const size = 64;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const at = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set([x * 4, y * 4, 160], at + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const nameField = (page: Page) => page.getByRole("textbox", { name: "Name" });
const avatarPreview = (page: Page) => page.getByTestId("avatar-preview");

async function openCreate(page: Page, query = ""): Promise<void> {
  await page.goto(`/create${query}`);
  await expect(nameField(page)).toBeVisible();
}

async function submitAndLand(page: Page, button: string): Promise<number> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/character\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("create with an avatar, find, chat, edit, export, import, delete", async ({ page, request }) => {
  const session = await signedInUser(page, request, "create");
  const word = `Quorvel${randomBytes(3).toString("hex")}`;
  const name = `${word} the Cartographer`;

  // Create, with an uploaded avatar.
  await openCreate(page);
  await nameField(page).fill(name);
  await page.getByRole("textbox", { name: "Short intro" }).fill("Draws maps of places that do not exist yet.");
  await page.getByRole("textbox", { name: "Greeting" }).fill("Hello {{user}}, I am {{char}}. Where shall we go?");
  await page.getByRole("textbox", { name: "Persona" }).fill("Curious, precise, fond of ink.");
  await page
    .getByLabel("Upload an image")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: avatarPng() });
  await expect(avatarPreview(page)).toHaveAttribute("src", /^\/v1\/file\/avatars\/[0-9a-f]{64}\.webp$/);
  await expect(page.getByTestId("character-preview")).toContainText(name);
  const id = await submitAndLand(page, "Create character");

  // Its page, the profile, search.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("img[src^='/v1/file/avatars/']").first()).toBeVisible();
  await page.goto(`/profile/${encodeURIComponent(session.profile.key)}`);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  // Chat.
  await page.goto(`/character/chat/${id}`);
  await expect(page.getByTestId("chat-greeting")).toContainText(`I am ${name}`);
  const composer = page.getByRole("textbox", { name: `Message ${name}` });
  await expect(composer).toBeEditable();
  await composer.fill("Draw me a harbour");
  await composer.press("Enter");
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').first()).toContainText(
    "Draw me a harbour",
    { timeout: 30_000 },
  );

  // Edit.
  await openCreate(page, `?edit=${id}`);
  await expect(nameField(page)).toHaveValue(name);
  await page.getByRole("textbox", { name: "Short intro" }).fill("Now also charts the stars.");
  expect(await submitAndLand(page, "Save changes")).toBe(id);
  await expect(page.getByText("Now also charts the stars.").first()).toBeVisible();

  // Export as a PNG card from the character page.
  await page.getByRole("button", { name: "Export" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /PNG card/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.png`);
  const card = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(card.subarray(1, 4).toString("latin1")).toBe("PNG");

  // Import that card as a new character.
  await openCreate(page);
  await page.getByLabel("Choose a card file").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: card });
  await expect(nameField(page)).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Short intro" })).toHaveValue("Now also charts the stars.");
  await expect(page.getByRole("textbox", { name: "Persona" })).toHaveValue("Curious, precise, fond of ink.");
  await expect(avatarPreview(page)).toHaveAttribute("src", /^\/v1\/file\/avatars\/[0-9a-f]{64}\.webp$/);
  const copyId = await submitAndLand(page, "Create character");
  expect(copyId).not.toBe(id);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Delete both: the copy from its page, the first from the profile's list; gone from their pages and search.
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: "Delete character" })
    .click();
  await page.waitForURL(new RegExp(`/profile/${session.profile.key}$`));
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(1);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByRole("button", { name: "Delete character" }).click();
  // The open dialog hides the page's links from role queries: wait for it to close (the delete answered) first.
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  for (const robotId of [id, copyId]) {
    expect((await request.post("/v1/tag/robot/detail", { data: { id: robotId } })).status()).toBe(404);
  }
  expect((await page.goto(`/character/${id}`))?.status()).toBe(404);
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByText(`No characters match “${word}”`)).toBeVisible();
});
