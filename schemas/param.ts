import { defineEntity } from './field';

/** Kinds of a filter / custom parameter (seed: varchar, number, float, select, textarea, bool). */
export const PARAM_KINDS = ['varchar', 'number', 'float', 'select', 'textarea', 'bool'] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];
/** Ids of value rows a client creates end in '$' (the seed's new filter starts with value '1$'). */
export const NEW_VALUE_SUFFIX = '$';

export const paramSchema = defineEntity('offers_params', 'params', [
  { no: 396, key: 'param_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 392, key: 'base_id', name: 'baseId', type: 'number', readOnly: true, column: 'base_id' },
  { no: 388, key: 'name', type: 'varchar', required: true, maxLength: 200, column: 'name' },
  { no: 389, key: 'category_id', name: 'categoryId', type: 'varchar', required: true, default: '0', maxLength: 80, column: 'category_id' },
  {
    no: 390,
    key: 'kind',
    type: 'select',
    required: true,
    default: 'varchar',
    options: PARAM_KINDS.map((id) => ({ id, label: `resources.offers_params.kinds.${id}` })),
    column: 'kind',
  },
  { no: 391, key: 'is_required', name: 'isRequired', type: 'bool', default: false, column: 'is_required' },
  { no: 393, key: 'sort', type: 'number', default: 0, column: 'sort' },
  { no: 493, key: 'unit', type: 'varchar', maxLength: 50, column: 'unit' },
]);

export const paramValueSchema = defineEntity('offers_params_values', 'param_values', [
  { no: 480, key: 'value_id', name: 'id', type: 'varchar', readOnly: true, column: 'id', maxLength: 40 },
  { no: 394, key: 'category_id', name: 'categoryId', type: 'varchar', maxLength: 80 },
  { no: 395, key: 'param_id', name: 'paramId', type: 'number', required: true, column: 'param_id' },
  { no: 479, key: 'value', name: 'name', type: 'varchar', required: true, maxLength: 300, column: 'name' },
]);
