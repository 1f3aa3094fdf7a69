import { describe, expect, it } from 'vitest';
import { bannerFileKind } from './bannerFiles';

describe('banner files', () => {
  it.each<[name: string, kind: 'video' | 'image' | null]>([
    ['promo.MP4', 'video'],
    ['clip.mov', 'video'],
    ['a.JPeG', 'image'],
    ['b.gif', 'image'],
    ['c.webm', null],
    ['noext', null],
  ])('tells video from image by the name, in any case: %s', (name, kind) => {
    expect(bannerFileKind(name)).toBe(kind);
  });
});
