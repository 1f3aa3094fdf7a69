import { describe, expect, it } from 'vitest';
import { bannerSizes, cardPicture, largePicture, middleOf } from './pictures';

const url = (p: string) => (/^https?:/.test(p) ? p : `/images/${p}`);

describe('responsive pictures', () => {
  it('finds the 800 px WebP beside a stored thumbnail, and none beside a remote or odd one', () => {
    expect(middleOf('1/offers/abc_t.webp')).toBe('1/offers/abc_m.webp');
    expect(middleOf('https://cdn.example/x_t.webp')).toBeNull();
    expect(middleOf('1/offers/abc.jpg')).toBeNull();
    expect(middleOf(null)).toBeNull();
  });

  it('a card names the 400 and 800 px sizes, or only its picture when the thumbnail is not ours', () => {
    expect(cardPicture(url, '1/o/a_t.webp', '1/o/a.jpg')).toEqual({ src: '/images/1/o/a_t.webp', srcSet: '/images/1/o/a_t.webp 400w, /images/1/o/a_m.webp 800w', sizes: '(min-width: 1100px) 300px, (min-width: 600px) 33vw, 50vw' });
    expect(cardPicture(url, null, 'https://cdn.example/p.jpg')).toEqual({ src: 'https://cdn.example/p.jpg' });
    expect(cardPicture(url, null, null)).toBeNull();
  });

  it('a gallery picture and a banner add the original as the largest candidate', () => {
    expect(largePicture(url, '1/o/a.png', '1/o/a_t.webp')?.srcSet).toBe('/images/1/o/a_t.webp 400w, /images/1/o/a_m.webp 800w, /images/1/o/a.png 1600w');
    expect(largePicture(url, '1/o/a.png', undefined)).toEqual({ src: '/images/1/o/a.png' });
    expect(bannerSizes(33.33)).toBe('(min-width: 1240px) 413px, 33.33vw');
    expect(bannerSizes(0)).toBe('(min-width: 1240px) 1240px, 100vw');
  });
});
