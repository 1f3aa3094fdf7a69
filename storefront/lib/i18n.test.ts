import { describe, expect, it } from 'vitest';
import { getLang, loadPageTexts, loadTexts, t } from './i18n';

describe('storefront texts', () => {
  // Hydrating an item page loads both catalogues at once; when the later pages' texts came first, the first
  // screen's replaced them and the item page showed 'share.copy_link' and 'props.group_size' for good.
  it('keeps the later pages’ texts when the first screen’s texts finish loading after them', async () => {
    await loadPageTexts('de');
    await loadTexts('de');
    expect(getLang()).toBe('de');
    expect(t('share.copy_link')).toBe('Link kopieren');
    expect(t('props.group_size')).toBe('Gewicht und Maße');
    expect(t('header.search_placeholder')).toBe('Produkte suchen');
  });
});
