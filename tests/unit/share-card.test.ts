import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SHARE_CARD_SIZE, shareCard } from "@/server/pages/share-card";

/** Near-white pixels (the card's text; its gradient never comes close) at x ≥ fromX. */
async function textPixels(png: Buffer, fromX: number): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = fromX; x < info.width; x++) {
      const at = (y * info.width + x) * info.channels;
      if (data[at]! > 230 && data[at + 1]! > 230 && data[at + 2]! > 230) white++;
    }
  }
  return white;
}

/** Inside the card's 72 px right padding, less a little for antialiasing. */
const RIGHT_MARGIN = SHARE_CARD_SIZE.width - 64;

describe("the share card (server/pages/share-card.tsx)", () => {
  it("breaks a name or text wider than the card rather than running off its edge", async () => {
    const word = "Donaudampfschifffahrtsgesellschaftskapitänswitwe";
    const card = shareCard({ heading: (word + word).slice(0, 60), text: `https://example.com/${"a".repeat(120)}` });
    const png = Buffer.from(await card.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(SHARE_CARD_SIZE);
    expect(await textPixels(png, 0)).toBeGreaterThan(10_000);
    expect(await textPixels(png, RIGHT_MARGIN)).toBe(0);
  });
});
