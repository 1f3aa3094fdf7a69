/**
 * Security suite, item 9 of issue 14: hostile uploads. SVG with script, HTML named .png, polyglots (an
 * image with HTML or script after it), a 10,000 x 10,000 pixel bomb, oversize files, path traversal in
 * names: each is refused or stored re-encoded under a name of the server's own, and served as an image
 * with nosniff and a sandboxing policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, startWithOwner, type Auth, type TestServer } from '../helpers';
import { scaled, scaleNote } from './scale';

let server: TestServer, owner: Auth, categoryId: string;
beforeAll(async () => ({ server, owner, categoryId } = await startWithOwner('Категория')));
afterAll(() => server?.close());

const HTML = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>');
const NAMES = ['a.png', '../../../../tmp/evil.png', '..\\..\\evil.png', '%2e%2e%2fevil.png', '/etc/passwd', 'a.png\u0000.html', 'x.html', 'x.svg', '.htaccess', 'a'.repeat(300) + '.png'];

async function hostileFiles(): Promise<{ label: string; data: Buffer; type: string }[]> {
  const png = await pngImage(20, 20);
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer();
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).jpeg().toBuffer();
  // A 10,000 x 10,000 PNG of one colour: a few hundred KB that would decode to 400 MB.
  const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
  const oversize = Buffer.concat([png, Buffer.alloc(16 * 1024 * 1024, 0x20)]);
  return [
    { label: 'svg with script', data: SVG, type: 'image/svg+xml' },
    { label: 'svg named png', data: SVG, type: 'image/png' },
    { label: 'html named png', data: HTML, type: 'image/png' },
    { label: 'png + html polyglot', data: Buffer.concat([png, HTML]), type: 'image/png' },
    { label: 'gif + script polyglot', data: Buffer.concat([gif, Buffer.from('*/=1;alert(1)//'), HTML]), type: 'image/gif' },
    { label: 'GIF89a header + html', data: Buffer.concat([Buffer.from('GIF89a/*'), HTML]), type: 'image/gif' },
    { label: 'jpeg + html polyglot', data: Buffer.concat([jpeg, HTML]), type: 'image/jpeg' },
    { label: 'pixel bomb 10000x10000', data: bomb, type: 'image/png' },
    { label: 'oversize 16 MB', data: oversize, type: 'image/png' },
    { label: 'empty', data: Buffer.alloc(0), type: 'image/png' },
    { label: 'truncated png', data: png.subarray(0, 60), type: 'image/png' },
    { label: 'php', data: Buffer.from('<?php system($_GET["c"]); ?>'), type: 'image/png' },
    { label: 'plain png (control)', data: png, type: 'image/png' },
  ];
}

describe('hostile uploads (issue 14, item 9)', () => {
  it('refuses or re-encodes every hostile file and serves stored ones as sandboxed images', async () => {
    const kinds = await hostileFiles();
    const total = scaled(200, kinds.length * 2);
    let refused = 0;
    let stored = 0;
    const problems: string[] = [];
    const outsideBefore = fs.readdirSync(path.dirname(server.config.uploadsDir)).sort();
    for (let i = 0; i < total; i++) {
      const k = kinds[i % kinds.length];
      const filename = NAMES[Math.floor(i / kinds.length) % NAMES.length];
      const r = await server.api(
        'offers',
        { set: 1, 'p[276_name]': `Upload ${i}`, 'p[283_price]': '1', 'p[287_categoryId]': categoryId },
        { token: owner, files: { 'p[466_img]': { data: k.data, filename, type: k.type } } },
      );
      if (r.status >= 500) problems.push(`${k.label} as ${filename}: ${r.status}`);
      if (r.status !== 200) {
        refused++;
        if (k.label.includes('control')) problems.push(`control refused: ${JSON.stringify(r.body)}`);
        continue;
      }
      stored++;
      const offer = (await server.api('offers', { 'p[478_offer_id]': r.body.offers[0].id })).body.offers[0];
      const urls: string[] = JSON.stringify(offer).match(/[^"]*\/images\/[^"]+|[0-9]+\/offers\/[^"]+/g) ?? [];
      if (!urls.length) problems.push(`${k.label}: stored without a picture url ${JSON.stringify(offer).slice(0, 200)}`);
      for (const u of urls) {
        const rel = u.replace(/^.*\/images\//, '');
        const got = await server.get(`/images/${rel}`);
        const body = Buffer.isBuffer(got.body) ? got.body : Buffer.from(String(got.body));
        if (got.status !== 200) problems.push(`${k.label}: ${rel} ${got.status}`);
        if (!/^image\/(png|gif|jpeg|webp)$/.test(String(got.headers['content-type']))) problems.push(`${k.label}: served as ${got.headers['content-type']}`);
        if (got.headers['x-content-type-options'] !== 'nosniff') problems.push(`${k.label}: no nosniff`);
        if (!String(got.headers['content-security-policy']).includes('sandbox')) problems.push(`${k.label}: no sandbox`);
        if (/<script|<html|<\?php|alert\(/i.test(body.toString('latin1'))) problems.push(`${k.label}: markup survived in ${rel}`);
        if (rel.includes('..') || /evil|passwd|htaccess|\.html|\.svg/.test(rel)) problems.push(`${k.label}: client's name in ${rel}`);
      }
    }
    const outsideAfter = fs.readdirSync(path.dirname(server.config.uploadsDir)).sort();
    if (JSON.stringify(outsideAfter) !== JSON.stringify(outsideBefore)) problems.push(`files appeared beside the uploads folder: ${outsideAfter.join(',')}`);
    if (fs.existsSync('/tmp/evil.png')) problems.push('/tmp/evil.png written');
    console.log(`hostile uploads: ${total} files (${kinds.length} kinds x ${NAMES.length} names), ${refused} refused, ${stored} stored re-encoded, ${problems.length} problems [${scaleNote()}, ${server.label}]`);
    expect(problems).toEqual([]);
    expect(stored).toBeGreaterThan(0);
  });
});
