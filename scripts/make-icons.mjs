// Writes the PNG icons the web manifest and the Apple meta tags name, from the SVGs in public/icons/:
//   icon.svg (rounded square, transparent corners)  -> icon-192.png, icon-512.png            (purpose "any")
//   icon-maskable.svg (full bleed, logo in the 80% safe zone) -> icon-maskable-192/512.png (purpose "maskable"),
//                                                               apple-touch-icon.png (180; iOS rounds it itself)
//   the two shortcut glyphs on the brand gradient            -> shortcut-search-96.png, shortcut-chats-96.png
//   icon.svg at 16, 32 and 48                                -> public/favicon.ico (for clients that ask for it)
// Run `node scripts/make-icons.mjs` after changing an SVG, and commit the outputs.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve("public/icons");
const read = (name) => fs.readFileSync(path.join(dir, name));

// The header's line icons (components/site-header.tsx, components/ui/icons.tsx) on the icon's gradient.
const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/>' +
  '<stop offset="1" stop-color="#ec4899"/></linearGradient></defs>';
const shortcut = (glyph) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${GRADIENT}<rect width="24" height="24" rx="5" ` +
      `fill="url(#g)"/><g transform="translate(5 5) scale(0.5833)" fill="none" stroke="#fff" stroke-width="2.2" ` +
      `stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`,
  );
const SEARCH = '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>';
const CHAT = '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"/>';

const outputs = [
  { file: "icon-192.png", svg: read("icon.svg"), size: 192 },
  { file: "icon-512.png", svg: read("icon.svg"), size: 512 },
  { file: "icon-maskable-192.png", svg: read("icon-maskable.svg"), size: 192 },
  { file: "icon-maskable-512.png", svg: read("icon-maskable.svg"), size: 512 },
  { file: "apple-touch-icon.png", svg: read("icon-maskable.svg"), size: 180, opaque: true },
  { file: "shortcut-search-96.png", svg: shortcut(SEARCH), size: 96 },
  { file: "shortcut-chats-96.png", svg: shortcut(CHAT), size: 96 },
];

for (const { file, svg, size, opaque } of outputs) {
  // Rasterise at the target size (density scales the SVG's own 512 or 24 unit box), not by shrinking a bitmap.
  const { width } = await sharp(svg).metadata();
  let image = sharp(svg, { density: (72 * size) / (width ?? size) }).resize(size, size);
  if (opaque) image = image.flatten({ background: "#7c3aed" });
  await image.png({ compressionLevel: 9 }).toFile(path.join(dir, file));
  console.log(`public/icons/${file} ${size}x${size}`);
}

// An ICO file may hold PNG images as they are: a 6-byte header, a 16-byte entry per image, then the PNGs.
const FAVICON_SIZES = [16, 32, 48];
const pngs = await Promise.all(
  FAVICON_SIZES.map(async (size) => {
    const { width } = await sharp(read("icon.svg")).metadata();
    return sharp(read("icon.svg"), { density: (72 * size) / (width ?? size) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  }),
);
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length + 16 * pngs.length;
const entries = pngs.map((png, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(FAVICON_SIZES[i] % 256, 0); // width (0 would mean 256)
  entry.writeUInt8(FAVICON_SIZES[i] % 256, 1); // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
fs.writeFileSync(path.resolve("public/favicon.ico"), Buffer.concat([header, ...entries, ...pngs]));
console.log(`public/favicon.ico ${FAVICON_SIZES.join(", ")}`);
