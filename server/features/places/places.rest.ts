import type { FastifyInstance } from 'fastify';
import { placeSchema } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { badRequest } from '../../errors';
import { placeFromRow, placeToApi } from './places';
import { registerCrud } from '../../rest/crud';

/**
 * /rest/places: the shop's places (branches). A place carries its address point, its delivery zone
 * (`coords`: the polygon's [lat, lon] points), its weekly schedule (`week`) and the zone's colour.
 * Anyone may read them (the storefront shows addresses and hours); the owner writes.
 */
export function registerPlaces(rest: FastifyInstance, services: AppServices) {
  registerCrud(rest, services, {
    resource: 'places',
    table: 'places',
    schema: placeSchema,
    publicRead: true,
    sortable: { id: 'id', name: 'name', sort: 'sort' },
    defaultSort: 'sort',
    searchText: (row) => {
      const d = JSON.parse(row.data) as Record<string, unknown>;
      return [row.name, d.city, d.address].filter((x) => typeof x === 'string').join(' ');
    },
    extraColumns: (body, existing) => {
      if (body.sort === undefined || body.sort === null || body.sort === '') return existing ? {} : { sort: 0 };
      const sort = Number(body.sort);
      if (!Number.isInteger(sort) || Math.abs(sort) > 1_000_000) throw badRequest('invalid_input', undefined, ['sort']);
      return { sort };
    },
    toApi: (row) => placeToApi(placeFromRow(row as never)),
  });
}
