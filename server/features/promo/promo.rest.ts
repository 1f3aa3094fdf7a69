import type { FastifyInstance } from 'fastify';
import { promoCodeSchema } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { badRequest } from '../../errors';
import { promoFromRow, promoToApi } from './promo';
import { registerCrud } from '../../rest/crud';

/**
 * /rest/promo_codes (owner only, reads too: the codes are the shop's secret): code (uppercase letters and
 * digits, at most 54), name, discount 0..100 %, date window, once only, a use limit (maxUses), condition (the minimum sum of goods),
 * and `count`, the times used (read-only, counted by orders).
 */
export function registerPromoCodes(rest: FastifyInstance, services: AppServices) {
  registerCrud(rest, services, {
    resource: 'promo_codes',
    table: 'promo_codes',
    schema: promoCodeSchema,
    publicRead: false,
    sortable: { id: 'id', code: 'code', count: 'used_count' },
    defaultSort: 'id',
    searchText: (row) => `${row.code} ${JSON.parse(row.data).name ?? ''}`,
    // The admin's input uppercases as the owner types; a lowercase code from another client is uppercased too.
    normalize: (body) => (typeof body.code === 'string' ? { ...body, code: body.code.trim().toUpperCase() } : body),
    check: async (v) => {
      const from = typeof v.dateFrom === 'string' && v.dateFrom ? Date.parse(v.dateFrom) : null;
      const to = typeof v.dateTo === 'string' && v.dateTo ? Date.parse(v.dateTo) : null;
      if (from !== null && to !== null && from > to) throw badRequest('invalid_input', 'The window ends before it starts', [{ field: 'dateTo', label: 'resources.promo_codes.fields.dateTo', code: 'invalid' }]);
    },
    toApi: (row) => promoToApi(promoFromRow(row as never)),
  });
}
