import { describe, expect, it } from 'vitest';
import { offers } from '../features/catalogue/offers.api';
import { orders } from '../features/checkout/checkout.api';
import type { ApiContext } from './context';
import { operationTable } from './operations';

const ctxWith = (owner: boolean) => {
  const calls: string[] = [];
  const ctx = {
    requireOwner: async () => {
      calls.push('requireOwner');
      if (!owner) throw new Error('forbidden');
      return { id: 1 };
    },
  } as unknown as ApiContext;
  return { ctx, calls };
};

describe('operation tables', () => {
  const table = operationTable([
    { name: 'write', access: 'owner', when: () => true, run: async () => ({ ran: 'write' }) },
    { name: 'read', access: 'public', run: async () => ({ ran: 'read' }) },
  ]);

  it('checks the owner before an owner operation runs, and refuses others', async () => {
    const owner = ctxWith(true);
    await expect(table(owner.ctx)).resolves.toEqual({ ran: 'write' });
    expect(owner.calls).toEqual(['requireOwner']);
    await expect(table(ctxWith(false).ctx)).rejects.toThrow('forbidden');
  });

  it('runs the first matching row; a public row asks for no owner', async () => {
    const t = operationTable([
      { name: 'never', access: 'owner', when: () => false, run: async () => ({ ran: 'never' }) },
      { name: 'read', access: 'public', run: async () => ({ ran: 'read' }) },
    ]);
    const c = ctxWith(false);
    await expect(t(c.ctx)).resolves.toEqual({ ran: 'read' });
    expect(c.calls).toEqual([]);
  });

  it('declares each api= operation’s access in one place', () => {
    const levels = (t: typeof offers) => Object.fromEntries(t.operations.map((o) => [o.name, o.access]));
    expect(levels(offers)).toEqual({ delete: 'owner', create: 'owner', update: 'owner', one: 'public', 'stop list': 'public', 'by ids': 'public', count: 'public', 'list or search': 'public' });
    expect(levels(orders)).toEqual({ place: 'public', one: 'customer', 'place orders of a day': 'owner', 'own list': 'customer' });
    // The last row of each table is its default.
    for (const t of [offers, orders]) expect(t.operations.at(-1)!.when).toBeUndefined();
  });
});
