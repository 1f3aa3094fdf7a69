import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shot } from './shots';

/**
 * Search as a shopper meets it on a phone (390 px) and a desktop (1280 px): suggestions while typing
 * (categories and products, corrected for typos), recent searches on focus, and a misspelt query's results
 * with a note saying what was searched instead. The demo shop's kettles are in Дом и кухня → Посуда → Чайники.
 */
/**
 * Opens /, focuses the search field and stops the page's clock once the field's drop-list is there: the 150 ms
 * and 700 ms pauses then pass when the test says. The drop-list's code loads on that first focus, and React
 * shows a component that arrived late after a pause of its own, which a clock stopped before it would hold.
 */
async function focusSearchWithClockStopped(page: Page) {
  await page.clock.install({ time: new Date('2026-11-20T10:00:00') });
  await page.goto('/');
  const input = page.getByRole('searchbox', { name: 'Поиск по товарам' });
  await input.click();
  await expect(page.locator('#search-drop')).toBeAttached();
  await page.clock.pauseAt(new Date('2026-11-20T10:01:00'));
  return input;
}

test.describe('storefront search suggestions', () => {
  test('typing shows suggestions; a product opens its page and the typed word does not search over it', async ({ page }, info) => {
    const input = await focusSearchWithClockStopped(page);
    await input.fill('чайн');
    // The suggestions' pause (150 ms), not yet the search's (700 ms).
    await page.clock.runFor(200);
    const suggestions = page.getByRole('region', { name: 'Подсказки' });
    await expect(suggestions.getByRole('link', { name: 'Чайники' })).toBeVisible();
    await expect(suggestions.getByRole('link', { name: /Чайник эмалированный для плиты 2 л/ })).toBeVisible();
    await shot(page, `suggest-typing-${info.project.name}`);
    await suggestions.getByRole('link', { name: /Чайник эмалированный для плиты 2 л/ }).click();
    await expect(page).toHaveURL(/\/category\/7-71-712\/item\/[^/]+$/);
    // Past the search's pause (then the clock runs on): the picked product stays.
    await page.clock.runFor(2000);
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Чайник эмалированный для плиты 2 л' })).toBeVisible();
    await expect(page).toHaveURL(/\/category\/7-71-712\/item\/[^/]+$/);
    await expect(suggestions).toBeHidden();
  });

  test('the arrows move through the suggestions and Enter opens one; a category opens its list', async ({ page }) => {
    const input = await focusSearchWithClockStopped(page);
    await input.fill('наушн');
    await page.clock.runFor(200);
    const suggestions = page.getByRole('region', { name: 'Подсказки' });
    const category = suggestions.getByRole('link', { name: 'Наушники', exact: true });
    await expect(category).toBeVisible();
    await input.press('ArrowDown');
    await expect(category).toBeFocused();
    // Browsing the list drops the typed word's search: the list stays past its pause.
    await page.clock.runFor(1000);
    await expect(category).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const firstProduct = suggestions.getByRole('link').nth(1);
    await expect(firstProduct).toBeFocused();
    const name = (await firstProduct.locator('.search-drop__name').textContent())!;
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(input).toBeFocused();
    await input.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Stopped again: the category is picked within the search's pause.
    await page.clock.pauseAt(new Date('2026-11-20T12:00:00'));
    await input.click();
    await input.fill('науш');
    await page.clock.runFor(200);
    await suggestions.getByRole('link', { name: 'Наушники', exact: true }).click();
    await page.clock.runFor(2000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/category\/1-13-131\/1$/);
  });

  test('a misspelt or wrong-layout query shows the intended products with a note; suggestions correct typos too', async ({ page }, info) => {
    const input = await focusSearchWithClockStopped(page);
    await input.fill('чйни');
    await page.clock.runFor(200);
    const suggestions = page.getByRole('region', { name: 'Подсказки' });
    await expect(suggestions.getByText('Подсказки для «чайник»')).toBeVisible();
    await expect(suggestions.getByRole('link', { name: 'Чайники' })).toBeVisible();
    await page.clock.resume();

    await input.fill('чайнег');
    await input.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «чайнег»' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'По запросу «чайнег» ничего не найдено. Показаны результаты для «чайник»' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Чайник эмалированный для плиты 2 л' })).toBeVisible();
    await shot(page, `search-corrected-${info.project.name}`);

    await input.fill('xfqybr');
    await input.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «xfqybr»' })).toBeVisible();
    await expect(page.getByText('По запросу «xfqybr» ничего не найдено. Показаны результаты для «чайник»')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Чайник эмалированный для плиты 2 л' })).toBeVisible();

    // A word that finds itself has no note.
    await input.fill('чайник');
    await input.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «чайник»' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Чайник эмалированный для плиты 2 л' })).toBeVisible();
    await expect(page.getByText(/Показаны результаты для/)).toHaveCount(0);
  });

  test('recent searches show on focus of the empty field and can be removed', async ({ page }, info) => {
    await page.goto('/');
    const input = page.getByRole('searchbox', { name: 'Поиск по товарам' });
    for (const w of ['смартфон', 'чайник']) {
      await input.fill(w);
      await input.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Результаты поиска «${w}»` })).toBeVisible();
    }
    await page.goto('/');
    await input.click();
    const recent = page.getByRole('region', { name: 'История поиска' });
    await expect(recent.getByRole('heading', { name: 'Недавние запросы' })).toBeVisible();
    await expect(recent.getByRole('button', { name: /^(чайник|смартфон)$/ })).toHaveText(['чайник', 'смартфон']);
    await shot(page, `search-recent-${info.project.name}`);
    await recent.getByRole('button', { name: 'Удалить «смартфон» из истории' }).click();
    await expect(recent.getByRole('button', { name: /^(чайник|смартфон)$/ })).toHaveText(['чайник']);
    await recent.getByRole('button', { name: 'чайник', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «чайник»' })).toBeVisible();
  });
});
