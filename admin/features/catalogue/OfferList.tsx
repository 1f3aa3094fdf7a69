import { useMemo } from 'react';
import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  ReferenceField,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Avatar, Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { CategorySelectInput, useCategoryTree } from '../../components/CategorySelectInput';

/** A price in the item's currency ('RUR' is the rouble), with the old price struck through when higher. */
export function formatPrice(value: unknown, currencyId: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const currency = String(currencyId ?? 'RUB').toUpperCase() === 'RUR' ? 'RUB' : String(currencyId ?? 'RUB').toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(Number(value));
  } catch {
    return `${value} ${currencyId ?? ''}`.trim();
  }
}

function PriceField(_: { label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  const old = Number(record.oldprice) > Number(record.price) ? formatPrice(record.oldprice, record.currencyId, locale) : '';
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatPrice(record.price, record.currencyId, locale)}
      {old ? (
        <Typography component="s" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {old}
        </Typography>
      ) : null}
    </Box>
  );
}

export function Thumb({ record, size = 48 }: { record?: RaRecord; size?: number }) {
  const translate = useTranslate();
  const ctx = useRecordContext();
  const r = record ?? ctx;
  return (
    <Avatar variant="rounded" src={(r?.thumbSrc as string) ?? undefined} alt={String(r?.name ?? '')} sx={{ width: size, height: size, bgcolor: 'grey.100', '& img': { objectFit: 'contain' } }}>
      <ImageNotSupportedOutlined fontSize="small" color="disabled" titleAccess={translate('admin.offers.no_photo')} />
    </Avatar>
  );
}

function Availability({ record }: { record?: RaRecord }) {
  const translate = useTranslate();
  const ctx = useRecordContext();
  const r = record ?? ctx;
  const yes = r?.available === true;
  return <Chip size="small" variant="outlined" color={yes ? 'success' : 'default'} label={translate(yes ? 'admin.offers.in_stock' : 'admin.offers.out_of_stock')} />;
}

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.offers.search')} sx={{ minWidth: { xs: '100%', sm: 260 } }} />,
    <CategorySelectInput key="categoryId" source="categoryId" label="resources.offers.fields.categoryId" emptyText="admin.offers.all_categories" alwaysOn size="small" sx={{ minWidth: { xs: '100%', sm: 240 } }} />,
  ];
}

/** The seed's item editor path of a product: /item_editor/{categoryPath}/{itemId}. */
function useItemEditorPath() {
  const { data } = useCategoryTree();
  const paths = useMemo(() => new Map((data ?? []).map((c) => [String(c.id), String(c.path)])), [data]);
  return (categoryId: unknown, id: unknown) => `/item_editor/${paths.get(String(categoryId)) ?? '0'}/${id}`;
}

/** 'Create' opens the item editor under the category the list is filtered by. */
function ListActions() {
  const { filterValues } = useListContext();
  const editorPath = useItemEditorPath();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={editorPath(filterValues?.categoryId, 'new')} />
    </TopToolbar>
  );
}

/**
 * The products: thumbnail, name, price, availability and category; a search box and a category filter.
 * The api has no count, so paging is previous/next (20 per page, like the storefront).
 */
export function OfferList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const editorPath = useItemEditorPath();
  return (
    <List actions={<ListActions />} filters={useFilters()} perPage={20} sort={{ field: 'id', order: 'ASC' }} pagination={<Pagination rowsPerPageOptions={[20]} />} exporter={false} storeKey="offers.list">
      {small ? (
        <SimpleList
          leftIcon={(r) => <Thumb record={r} size={48} />}
          primaryText={(r) => r.name}
          secondaryText={(r) => (
            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <b>{formatPrice(r.price, r.currencyId, locale)}</b>
              <span>{translate(r.available ? 'admin.offers.in_stock' : 'admin.offers.out_of_stock')}</span>
            </Box>
          )}
          rowClick={(id, _res, r) => editorPath(r.categoryId, id)}
          rowSx={() => ({ '& .MuiListItemIcon-root': { minWidth: 64 } })}
        />
      ) : (
        <Datagrid rowClick={(id, _res, r) => editorPath(r.categoryId, id)} bulkActionButtons={false}>
          <FunctionField label="resources.offers.fields.thumbSrc" render={(r) => <Thumb record={r} />} sortable={false} />
          <TextField source="name" sortable={false} />
          <PriceField source="price" label="resources.offers.fields.price" />
          <FunctionField source="available" label="resources.offers.fields.available" render={(r) => <Availability record={r} />} sortable={false} />
          <ReferenceField source="categoryId" reference="offers_category" link={false} sortable={false}>
            <TextField source="category" />
          </ReferenceField>
        </Datagrid>
      )}
    </List>
  );
}
