import { describe, expect, it } from 'vitest';
import { bannerFileKind } from './bannerFiles';

describe('banner files', () => {
  it('tells video from image by the name, in any case', () => {
    expect(bannerFileKind('promo.MP4')).toBe('video');
    expect(bannerFileKind('clip.mov')).toBe('video');
    expect(bannerFileKind('a.JPeG')).toBe('image');
    expect(bannerFileKind('b.gif')).toBe('image');
    expect(bannerFileKind('c.webm')).toBeNull();
    expect(bannerFileKind('noext')).toBeNull();
  });
});
