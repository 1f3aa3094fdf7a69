/**
 * Draws the demo shop's product pictures: `npx tsx server/demo/makeImages.ts`.
 *
 * Reads server/demo/demo.yml with the project's own YML parser and renders, for every `<picture>` of
 * every offer, a simple SVG illustration (a gradient in the colours of the category, a shape that
 * suggests the product in the colour of its "Цвет" param, the product's short name) to an 800×800
 * JPEG in server/demo/images/. The generated files are committed, so the demo works without running
 * this script; run it again after adding offers or pictures to the feed.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parseYml, type YmlOffer } from '../features/yml/public';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const FEED = path.join(DIR, 'demo.yml');
const SIZE = 800;
const FONT = "'DejaVu Sans', sans-serif";

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/** Background hue per top-level category. */
const CATEGORY_HUE: Record<string, number> = { '1': 210, '2': 30, '3': 280, '4': 330, '5': 160, '6': 0, '7': 45 };

/** Fill for the product shape from its "Цвет" param. */
const PRODUCT_COLOURS: Record<string, string> = {
  'чёрный': '#2b2d31',
  'белый': '#f4f4f2',
  'синий': '#2f6fd6',
  'красный': '#d93a3a',
  'зелёный': '#3f9b54',
  'серый': '#7d8590',
  'серебристый': '#c9ced6',
  'бежевый': '#dcc7a1',
};

const hsl = (h: number, s: number, l: number): string => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ---------------------------------------------------------------------------------------------
// Shapes: each draws into the box x 150..650, y 90..560 (centre 400, 325)
// ---------------------------------------------------------------------------------------------

type Shape = (fill: string, accent: string, variant: number) => string;

const shadow = '<ellipse cx="400" cy="575" rx="210" ry="22" fill="#000" opacity="0.15"/>';

const SHAPES: Record<string, Shape> = {
  phone: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[-8, 0, 10, -14][v % 4]} 400 325)">
      <rect x="285" y="95" width="230" height="460" rx="36" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="305" y="135" width="190" height="370" rx="12" fill="${accent}"/>
      <circle cx="400" cy="117" r="7" fill="#1d1f23"/>
      <rect x="365" y="522" width="70" height="10" rx="5" fill="#1d1f23" opacity="0.6"/>
      <circle cx="400" cy="300" r="${40 + v * 8}" fill="#fff" opacity="0.35"/>
    </g>`,
  laptop: (fill, accent, v) => `${shadow}
    <g transform="translate(0 ${v * 10})">
      <rect x="210" y="130" width="380" height="260" rx="16" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="232" y="152" width="336" height="216" rx="6" fill="${accent}"/>
      <path d="M160 400 H640 L600 470 H200 Z" fill="${fill}" stroke="#1d1f23" stroke-width="8" stroke-linejoin="round"/>
      <rect x="350" y="420" width="100" height="18" rx="6" fill="#1d1f23" opacity="0.3"/>
      <path d="M260 330 L330 250 L380 300 L450 210 L540 330 Z" fill="#fff" opacity="0.35"/>
    </g>`,
  headphones: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[0, -10, 8, 0][v % 4]} 400 325)">
      <path d="M225 370 C225 150 575 150 575 370" fill="none" stroke="${fill}" stroke-width="38" stroke-linecap="round"/>
      <path d="M225 370 C225 150 575 150 575 370" fill="none" stroke="#1d1f23" stroke-width="6" opacity="0.3"/>
      <rect x="180" y="330" width="110" height="190" rx="50" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="510" y="330" width="110" height="190" rx="50" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="210" y="370" width="50" height="110" rx="25" fill="${accent}"/>
      <rect x="540" y="370" width="50" height="110" rx="25" fill="${accent}"/>
    </g>`,
  speaker: (fill, accent, v) => `${shadow}
    <g transform="translate(${v * 12} 0)">
      <rect x="270" y="110" width="260" height="450" rx="60" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <circle cx="400" cy="220" r="62" fill="${accent}" stroke="#1d1f23" stroke-width="6"/>
      <circle cx="400" cy="220" r="22" fill="#1d1f23" opacity="0.5"/>
      <circle cx="400" cy="420" r="95" fill="${accent}" stroke="#1d1f23" stroke-width="6"/>
      <circle cx="400" cy="420" r="34" fill="#1d1f23" opacity="0.5"/>
    </g>`,
  watch: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[0, 15, -12, 0][v % 4]} 400 325)">
      <rect x="340" y="80" width="120" height="490" rx="30" fill="${fill}" stroke="#1d1f23" stroke-width="6"/>
      <circle cx="400" cy="325" r="125" fill="${fill}" stroke="#1d1f23" stroke-width="10"/>
      <circle cx="400" cy="325" r="100" fill="${accent}"/>
      <path d="M400 325 V255 M400 325 L450 350" stroke="#1d1f23" stroke-width="10" stroke-linecap="round"/>
      <circle cx="400" cy="325" r="10" fill="#1d1f23"/>
    </g>`,
  book: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[-4, 6, -10, 0][v % 4]} 400 325)">
      <rect x="250" y="95" width="310" height="450" rx="10" fill="#fbf7ee" stroke="#1d1f23" stroke-width="6"/>
      <rect x="240" y="85" width="310" height="450" rx="10" fill="${accent}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="240" y="85" width="40" height="450" fill="#1d1f23" opacity="0.25"/>
      <rect x="320" y="160" width="190" height="20" rx="6" fill="#fff" opacity="0.85"/>
      <rect x="320" y="200" width="150" height="14" rx="6" fill="#fff" opacity="0.6"/>
      <circle cx="415" cy="370" r="70" fill="#fff" opacity="0.25"/>
    </g>`,
  audiobook: (fill, accent, v) => `${shadow}
    <g transform="translate(0 ${v * 10})">
      <circle cx="400" cy="325" r="200" fill="${accent}" stroke="#1d1f23" stroke-width="8"/>
      <path d="M355 235 L485 325 L355 415 Z" fill="#fff"/>
      <path d="M150 250 C120 300 120 350 150 400 M650 250 C680 300 680 350 650 400" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.8"/>
    </g>`,
  vinyl: (fill, accent, v) => `${shadow}
    <g transform="rotate(${v * 30} 400 325)">
      <circle cx="400" cy="325" r="230" fill="#1b1c1f"/>
      <circle cx="400" cy="325" r="190" fill="none" stroke="#3a3c42" stroke-width="4"/>
      <circle cx="400" cy="325" r="150" fill="none" stroke="#3a3c42" stroke-width="4"/>
      <circle cx="400" cy="325" r="85" fill="${accent}"/>
      <rect x="350" y="300" width="100" height="14" rx="7" fill="#fff" opacity="0.7"/>
      <circle cx="400" cy="325" r="10" fill="#f4f4f2"/>
    </g>`,
  film: (fill, accent) => `${shadow}
    <g>
      <rect x="200" y="230" width="400" height="300" rx="14" fill="#1d1f23"/>
      <rect x="225" y="255" width="350" height="250" rx="8" fill="${accent}"/>
      <g transform="rotate(-14 200 230)">
        <rect x="200" y="140" width="400" height="80" rx="10" fill="#1d1f23"/>
        <path d="M240 140 l40 80 M320 140 l40 80 M400 140 l40 80 M480 140 l40 80" stroke="#f4f4f2" stroke-width="26"/>
      </g>
      <path d="M360 320 L460 380 L360 440 Z" fill="#fff"/>
    </g>`,
  tour: (fill, accent, v) => `
    <circle cx="${520 - v * 60}" cy="190" r="70" fill="#ffe07a"/>
    <path d="M120 560 L320 230 L430 400 L500 300 L690 560 Z" fill="${accent}" stroke="#1d1f23" stroke-width="6" stroke-linejoin="round"/>
    <path d="M320 230 L270 312 L300 300 L330 330 L360 290 Z" fill="#fff"/>
    <path d="M120 560 H690 V585 H120 Z" fill="#3d7fc1"/>`,
  ticket: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[-8, 6, -3, 0][v % 4]} 400 325)">
      <path d="M150 190 H650 V280 A45 45 0 0 0 650 370 V460 H150 V370 A45 45 0 0 0 150 280 Z" fill="${accent}" stroke="#1d1f23" stroke-width="8"/>
      <path d="M520 200 V450" stroke="#1d1f23" stroke-width="6" stroke-dasharray="16 14"/>
      <rect x="200" y="250" width="260" height="26" rx="8" fill="#fff" opacity="0.85"/>
      <rect x="200" y="300" width="200" height="18" rx="8" fill="#fff" opacity="0.6"/>
      <rect x="200" y="340" width="230" height="18" rx="8" fill="#fff" opacity="0.6"/>
      <circle cx="585" cy="325" r="28" fill="#fff" opacity="0.7"/>
    </g>`,
  pan: (fill, accent, v) => `${shadow}
    <g transform="rotate(${[0, -12, 10, 0][v % 4]} 400 325)">
      <rect x="540" y="300" width="230" height="46" rx="23" fill="#1d1f23"/>
      <circle cx="360" cy="325" r="210" fill="${fill}" stroke="#1d1f23" stroke-width="10"/>
      <circle cx="360" cy="325" r="170" fill="${accent}" opacity="0.55"/>
      <circle cx="300" cy="270" r="40" fill="#fff" opacity="0.25"/>
    </g>`,
  pot: (fill, accent, v) => `${shadow}
    <g transform="translate(0 ${v * 8})">
      <rect x="200" y="260" width="400" height="290" rx="30" fill="${fill}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="140" y="300" width="70" height="30" rx="15" fill="#1d1f23"/>
      <rect x="590" y="300" width="70" height="30" rx="15" fill="#1d1f23"/>
      <path d="M185 260 C220 175 580 175 615 260 Z" fill="${accent}" stroke="#1d1f23" stroke-width="8" stroke-linejoin="round"/>
      <rect x="370" y="160" width="60" height="34" rx="14" fill="#1d1f23"/>
      <rect x="240" y="330" width="30" height="170" rx="15" fill="#fff" opacity="0.3"/>
    </g>`,
  kettle: (fill, accent, v) => `${shadow}
    <g transform="translate(${v * 10} 0)">
      <path d="M270 250 L230 520 Q230 555 270 555 H530 Q570 555 570 520 L530 250 Z" fill="${fill}" stroke="#1d1f23" stroke-width="8" stroke-linejoin="round"/>
      <path d="M545 300 C650 300 650 470 555 470" fill="none" stroke="#1d1f23" stroke-width="30" stroke-linecap="round"/>
      <path d="M240 330 L140 250 L165 230 L255 290 Z" fill="${fill}" stroke="#1d1f23" stroke-width="8" stroke-linejoin="round"/>
      <rect x="260" y="205" width="280" height="50" rx="18" fill="${accent}" stroke="#1d1f23" stroke-width="8"/>
      <rect x="370" y="170" width="60" height="36" rx="12" fill="#1d1f23"/>
      <rect x="285" y="300" width="26" height="200" rx="13" fill="#fff" opacity="0.3"/>
    </g>`,
  textile: (fill, accent, v) => `${shadow}
    <g transform="translate(0 ${v * 10})">
      <rect x="190" y="410" width="420" height="130" rx="24" fill="${fill}" stroke="#1d1f23" stroke-width="6"/>
      <rect x="210" y="290" width="380" height="125" rx="24" fill="${accent}" stroke="#1d1f23" stroke-width="6"/>
      <rect x="230" y="170" width="340" height="125" rx="24" fill="${fill}" stroke="#1d1f23" stroke-width="6"/>
      <path d="M230 215 H570 M230 250 H570 M210 335 H590 M190 460 H610 M190 495 H610" stroke="#1d1f23" stroke-width="6" opacity="0.18"/>
    </g>`,
};

function shapeFor(offer: YmlOffer): string {
  const c = offer.categoryId ?? '';
  const name = offer.name ?? '';
  if (c === '11') return 'phone';
  if (c === '12') return 'laptop';
  if (c === '131') return 'headphones';
  if (c === '132') return 'speaker';
  if (c === '14') return 'watch';
  if (c === '3' || offer.type === 'audiobook') return 'audiobook';
  if (c.startsWith('2') || offer.type === 'book') return 'book';
  if (c === '41') return 'vinyl';
  if (c === '42') return 'film';
  if (c.startsWith('5') || offer.type === 'tour') return 'tour';
  if (c.startsWith('6') || offer.type === 'event-ticket') return 'ticket';
  if (c === '711') return /кастрюл/i.test(name) ? 'pot' : 'pan';
  if (c === '712') return 'kettle';
  return 'textile';
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/** The short name on the picture: a title line and an optional smaller line above it. */
function labels(offer: YmlOffer): { top: string; title: string } {
  switch (offer.type) {
    case 'vendor.model':
      return { top: `${offer.typePrefix ?? ''} ${offer.vendor ?? ''}`.trim(), title: offer.model ?? '' };
    case 'book':
    case 'audiobook':
      return { top: offer.author ?? '', title: offer.name ?? '' };
    case 'artist.title':
      return { top: offer.artist ?? offer.media ?? '', title: offer.title ?? '' };
    default:
      return { top: '', title: (offer.name ?? '').replace(/\s*\(.*\)$/, '') };
  }
}

/** Greedy word wrap into at most `max` lines of about `width` characters. */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    lines.length = max;
    lines[max - 1] = lines[max - 1].length < width ? `${lines[max - 1]}…` : lines[max - 1].replace(/\s*\S*$/, '') + '…';
  }
  return lines;
}

function svgFor(offer: YmlOffer, variant: number, count: number): string {
  const top = offer.categoryId?.[0] ?? '7';
  const hue = (CATEGORY_HUE[top] ?? 200) + variant * 22;
  const colourName = offer.params.find((p) => p.name === 'Цвет')?.value ?? '';
  const fill = PRODUCT_COLOURS[colourName] ?? hsl(hue + 180, 35, 82);
  const accent = hsl(hue + 20, 60, 48);
  const shape = SHAPES[shapeFor(offer)](fill, accent, variant);
  const { top: topLine, title } = labels(offer);
  const titleLines = wrap(title, 22, topLine ? 2 : 3);
  const fontSize = titleLines.some((l) => l.length > 17) ? 40 : 48;
  const titleY = [705, 680, 665][titleLines.length - 1] ?? 680;
  const text = [
    topLine ? `<text x="400" y="${titleY - 62}" font-size="28" fill="#fff" opacity="0.9">${escapeXml(wrap(topLine, 40, 1)[0])}</text>` : '',
    ...titleLines.map(
      (l, i) => `<text x="400" y="${titleY + i * (fontSize + 8)}" font-size="${fontSize}" font-weight="bold" fill="#fff">${escapeXml(l)}</text>`,
    ),
  ].join('\n');
  const badge =
    count > 1
      ? `<g><rect x="680" y="30" width="90" height="44" rx="22" fill="#000" opacity="0.25"/>
         <text x="725" y="61" font-size="24" fill="#fff">${variant + 1}/${count}</text></g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 70, 72)}"/>
      <stop offset="1" stop-color="${hsl(hue + 40, 60, 42)}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${shape}
  <rect y="610" width="${SIZE}" height="190" fill="#000" opacity="0.22"/>
  <g font-family="${FONT}" text-anchor="middle">
    ${text}
    ${badge}
  </g>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const jobs: Array<{ file: string; svg: string }> = [];
  const result = await parseYml(createReadStream(FEED), {
    onOffer: (offer) => {
      offer.pictures.forEach((pic, i) => {
        if (/^[a-z]+:/i.test(pic)) return; // absolute URLs are not ours to draw
        jobs.push({ file: path.join(DIR, pic), svg: svgFor(offer, i, offer.pictures.length) });
      });
    },
  });
  if (result.warnings.length) console.warn(`demo.yml warnings:\n  ${result.warnings.join('\n  ')}`);

  const outDir = path.join(DIR, 'images');
  await mkdir(outDir, { recursive: true });
  let total = 0;
  const made = new Set<string>();
  for (const job of jobs) {
    await mkdir(path.dirname(job.file), { recursive: true });
    await sharp(Buffer.from(job.svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 70, mozjpeg: true }).toFile(job.file);
    const { size } = await stat(job.file);
    total += size;
    made.add(path.resolve(job.file));
    if (size > 40_000) console.warn(`${path.relative(DIR, job.file)} is ${Math.round(size / 1024)} KB`);
  }
  const stale = (await readdir(outDir)).filter((f) => f.endsWith('.jpg') && !made.has(path.resolve(outDir, f)));
  if (stale.length) console.warn(`not referenced by demo.yml (delete them?): ${stale.join(', ')}`);
  console.log(`${jobs.length} pictures for ${result.offers} offers, ${Math.round(total / 1024)} KB in ${path.relative(process.cwd(), outDir) || outDir}`);
}

await main();
