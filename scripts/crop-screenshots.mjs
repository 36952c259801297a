// Cuts the web manifest's screenshots (public/screenshots/) out of the home page captures that
// `npx playwright test --config playwright.screenshots.config.ts -g "home"` writes to test-results/screenshots/:
// the top of the page at the size a window shows it, wide (1280x720) and narrow (390x844), in both themes.
// Run it after a visible change to the home page, and commit the outputs.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const from = path.resolve("test-results/screenshots");
const to = path.resolve("public/screenshots");
fs.mkdirSync(to, { recursive: true });

const SHOTS = [
  { source: "home-light-1280.png", file: "home-wide-light.png", width: 1280, height: 720 },
  { source: "home-dark-1280.png", file: "home-wide-dark.png", width: 1280, height: 720 },
  { source: "home-light-390.png", file: "home-narrow-light.png", width: 390, height: 844 },
  { source: "home-dark-390.png", file: "home-narrow-dark.png", width: 390, height: 844 },
];

for (const { source, file, width, height } of SHOTS) {
  await sharp(path.join(from, source))
    .extract({ left: 0, top: 0, width, height })
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(to, file));
  console.log(`public/screenshots/${file} ${width}x${height}`);
}
