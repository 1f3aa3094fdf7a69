import { test, expect } from './adminFixtures';

/**
 * The owner's editor buttons: the owner signs in through the admin (its session is the seed's
 * user_id/token_seq/token in this origin's localStorage, which the storefront reads too); a customer and
 * an anonymous visitor never see them. The footer's news subscription is here too (the owner lists it).
 */
test('the owner sees the editor buttons on lists, categories and items; a click opens the admin editor', async ({ adminPage: page }, info) => {
  await page.goto('/category/1-11/1');
  const tools = page.getByRole('navigation', { name: 'Редактор магазина' });
  await expect(tools.getByRole('link')).toHaveText(['Фильтры категории', 'Изменить категорию', 'Новая категория', 'Новый товар']);
  await expect(tools.getByRole('link', { name: 'Изменить категорию' })).toHaveAttribute('href', '/admin/category_editor/1/11');
  await expect(tools.getByRole('link', { name: 'Новая категория' })).toHaveAttribute('href', '/admin/category_editor/1-11/new');
  await expect(tools.getByRole('link', { name: 'Новый товар' })).toHaveAttribute('href', '/admin/item_editor/1-11/new');
  if (info.project.name === 'mobile') await page.screenshot({ path: test.info().outputPath('owner-list.png') });

  await tools.getByRole('link', { name: 'Фильтры категории' }).click();
  await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Фильтры: Смартфоны' })).toBeVisible();

  // The catalogue root has no 'edit category'.
  await page.goto(info.project.name === 'mobile' ? '/category/0' : '/category/0/1');
  await expect(tools.getByRole('link', { name: 'Новая категория' })).toHaveAttribute('href', '/admin/category_editor/0/new');
  await expect(tools.getByRole('link', { name: 'Изменить категорию' })).toHaveCount(0);

  await page.goto('/category/1-11/item/1001');
  await expect(tools.getByRole('link')).toHaveText(['Изменить товар']);
  await tools.getByRole('link', { name: 'Изменить товар' }).click();
  await expect(page).toHaveURL(/\/admin\/item_editor\/1-11\/1001$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Редактор товара' })).toBeVisible();
  await expect(page.getByLabel('Название').first()).toHaveValue('Смартфон Квант A5 64 ГБ');

  await page.goto('/category/1');
  await expect(page).toHaveURL(/\/category\/1(\/1)?$/);
  await page.getByRole('navigation', { name: 'Редактор магазина' }).getByRole('link', { name: 'Изменить категорию' }).click();
  await expect(page).toHaveURL(/\/admin\/category_editor\/0\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Редактор категории' })).toBeVisible();
});

test('an anonymous visitor and a signed-in customer see no editor buttons', async ({ page, shop }) => {
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Редактор магазина' })).toHaveCount(0);

  // A customer's session: api=token_check answers is_owner '0'.
  const phone = '+79997776655';
  const sent = await fetch(`${shop.url}/api?api=sms_code`, { method: 'POST', body: new URLSearchParams({ phone }) });
  expect(sent.ok).toBe(true);
  const code = await shop.smsCode(phone);
  const login = (await (await fetch(`${shop.url}/api?api=login`, { method: 'POST', body: new URLSearchParams({ phone, code }) })).json()) as Record<string, string>;
  expect(login.is_owner).toBe('0');
  await page.evaluate((a) => {
    localStorage.setItem('user_id', String(a.user_id));
    localStorage.setItem('token_seq', String(a.token_seq));
    localStorage.setItem('token', a.token);
  }, login);
  const checked = page.waitForResponse((r) => r.url().includes('api=token_check'));
  await page.reload();
  expect(await (await checked).json()).toMatchObject({ token: 'ok', is_owner: '0' });
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await page.goto('/category/1-11/item/1001');
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Редактор магазина' })).toHaveCount(0);
});

test("the footer's news subscription: 'The field must be filled' (in Russian), then success; the owner sees the subscriber", async ({ page, shop, ownerAuth }, info) => {
  await page.goto('/category/0');
  const form = page.getByRole('form', { name: 'Подпишитесь на новости' });
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Подписаться' }).click();
  await expect(form.getByText('Заполните это поле')).toHaveCount(2);
  await expect(form.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Имя').fill('Анна');
  await expect(form.getByText('Заполните это поле')).toHaveCount(1);
  await form.getByLabel('Эл. почта').fill('anna@');
  await form.getByRole('button', { name: 'Подписаться' }).click();
  await expect(form.getByText('Введите правильный e-mail')).toBeVisible();
  const email = `anna.${info.project.name}@example.com`;
  await form.getByLabel('Эл. почта').fill(email);
  await form.getByRole('button', { name: 'Подписаться' }).click();
  await expect(form.getByRole('status')).toHaveText('Спасибо! Вы подписаны на новости');
  const res = await fetch(`${shop.url}/rest/subscriptions?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`, { headers: { authorization: `Bearer ${ownerAuth.token}` } });
  const rows = (await res.json()) as { email: string; name: string }[];
  expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ email, name: 'Анна' })]));

});
