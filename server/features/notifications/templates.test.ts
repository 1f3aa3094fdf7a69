import { describe, expect, it } from 'vitest';
import { render, text } from './templates';

describe('notification templates', () => {
  it('renders the default Russian text with the first line as the subject', () => {
    const m = render({}, 'order_status', { order: 12, status: 'Принят', shop: 'Пицца' });
    expect(m.subject).toBe('Заказ №12: Принят');
    expect(m.body).toContain('Статус вашего заказа в магазине «Пицца»: Принят.');
  });
  it('uses the shop language and falls back to Russian for an unknown one', () => {
    expect(render({ notify_lang: 'en' }, 'import_failed', { shop: 'S', error: 'bad xml' }).subject).toBe('YML import failed');
    expect(text('xx', 'pickup')).toBe('Самовывоз');
  });
  it("prefers the owner's template and keeps unknown placeholders visible", () => {
    const m = render({ tpl_new_order: 'Заказ {order} {nope}\r\nна {total}' }, 'new_order', { order: 5, total: '100' });
    expect(m).toEqual({ subject: 'Заказ 5 {nope}', body: 'Заказ 5 {nope}\nна 100' });
  });
});
