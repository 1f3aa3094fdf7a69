import { describe } from 'vitest';
import { bannerFileKind } from './bannerFiles';
import { itMaps } from '../../../schemas/testing/cases';

describe('banner files', () => {
  itMaps('tells video from image by the name, in any case: %s', bannerFileKind, [
    ['promo.MP4', 'video'],
    ['clip.mov', 'video'],
    ['a.JPeG', 'image'],
    ['b.gif', 'image'],
    ['c.webm', null],
    ['noext', null],
  ]);
});
