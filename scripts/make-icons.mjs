/**
 * Draws the app icons in src/client/public/icons from assets/app-icon*.svg. Run after changing
 * an SVG (`node scripts/make-icons.mjs`) and commit the PNGs: the build only copies them.
 * The maskable icon keeps its check mark inside the central 80 % that every mask leaves visible.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const assets = (name) => fileURLToPath(new URL(`../assets/${name}`, import.meta.url));
const outDir = fileURLToPath(new URL('../src/client/public/icons/', import.meta.url));

const ICONS = [
  { source: 'app-icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'app-icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'app-icon.svg', file: 'apple-touch-icon.png', size: 180 },
  { source: 'app-icon-maskable.svg', file: 'maskable-512.png', size: 512 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  await sharp(assets(icon.source), { density: 300 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${outDir}${icon.file}`);
  console.log(`wrote src/client/public/icons/${icon.file}`);
}
