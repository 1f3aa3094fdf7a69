import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  ReferenceField,
  SearchInput,
  SelectInput,
  SortButton,
  TextField,
  TopToolbar,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Avatar, Box, Button, Chip, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { CategorySelectInput } from '../../components/CategorySelectInput';
import { useItemEditorPath } from './itemPaths';
import { OfferBulkActions } from './OfferBulkActions';
import { formatPrice } from './offerPrice';

/** Numbers and codes stay left to right inside right-to-left text (Arabic). */
const ltr = { direction: 'ltr', unicodeBidi: 'isolate' } as const;

function PriceField({ record }: { record: RaRecord }) {
  const [locale] = useLocaleState();
  const old = Number(record.oldprice) > Number(record.price) ? formatPrice(record.oldprice, record.currencyId, locale) : '';
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', ...ltr }}>
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

/** Hidden from the shop (by the owner, or by an import), out of stock (not for sale or none left), or on sale. */
export function OfferStatus({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  if (!record.active) {
    const byOwner = Boolean(record.ownerHidden);
    return (
      <Chip
        size="small"
        icon={<VisibilityOffOutlined />}
        label={translate(byOwner ? 'admin.offers.status_hidden_by_owner' : 'admin.offers.status_hidden')}
        title={byOwner ? undefined : translate('admin.offers.hidden_by_import_hint')}
      />
    );
  }
  if (!record.orderable) return <Chip size="small" variant="outlined" color="warning" label={translate('admin.offers.out_of_stock')} />;
  return <Chip size="small" variant="outlined" color="success" label={translate('admin.offers.status_on_sale')} />;
}

function Stock({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  if (record.stock === null || record.stock === undefined)
    return (
      <Typography variant="body2" component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('admin.offers.stock_unlimited')}
      </Typography>
    );
  return (
    <Typography variant="body2" component="span" color={Number(record.stock) <= 0 ? 'error' : undefined} sx={ltr}>
      {Number(record.stock)}
    </Typography>
  );
}

const STATUS_CHOICES = [
  { id: 'visible', name: 'admin.offers.filter_visible' },
  { id: 'hidden', name: 'admin.offers.filter_hidden' },
  { id: 'out_of_stock', name: 'admin.offers.out_of_stock' },
];

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.offers.search')} sx={{ minWidth: { xs: '100%', sm: 260 } }} />,
    <CategorySelectInput key="categoryId" source="categoryId" label="resources.offers.fields.categoryId" emptyText="admin.offers.all_categories" alwaysOn size="small" sx={{ minWidth: { xs: '100%', sm: 220 } }} />,
    <SelectInput key="status" source="status" label="admin.offers.status" choices={STATUS_CHOICES} emptyText="admin.offers.filter_all" alwaysOn size="small" sx={{ minWidth: { xs: '100%', sm: 180 } }} />,
  ];
}

/** 'Create' opens the item editor under the category the list is filtered by; phones sort from a menu (no column headers). */
function ListActions({ small }: { small: boolean }) {
  const { filterValues } = useListContext();
  const editorPath = useItemEditorPath();
  return (
    <TopToolbar>
      {small ? <SortButton fields={['sort', 'name', 'price', 'stock', 'sku']} /> : null}
      <FilterButton />
      <CreateButton to={editorPath(filterValues?.categoryId, 'new')} />
    </TopToolbar>
  );
}

/**
 * No products at all (a shop started without the demo, DEMO=0): what to do first, a product by hand or a feed.
 * react-admin's own empty page said 'Нет Товар.' (its Russian plural of 0 needs a form the name has not) and
 * offered nothing to press: the list's 'Create' is in the toolbar it hides (walk 35).
 */
function NoProducts() {
  const translate = useTranslate();
  const editorPath = useItemEditorPath();
  return (
    <Paper sx={{ p: 3, mt: 2, width: '100%' }}>
      <Typography gutterBottom>{translate('admin.offers.empty')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <CreateButton to={editorPath(undefined, 'new')} variant="contained" />
        <Button component={RouterLink} to="/yml_import" startIcon={<CloudDownloadOutlined />}>
          {translate('admin.menu.yml_import')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A phone's row: the picture, the name with its SKU, the price, the status and the stock. */
function CompactRow({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Thumb record={record} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {record.name}
        </Typography>
        {record.sku ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={ltr}>
            {translate('resources.offers.fields.sku')}: {record.sku}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <b>
            <PriceField record={record} />
          </b>
          <OfferStatus record={record} />
          {record.stock !== null && record.stock !== undefined ? (
            <Typography variant="caption" color="text.secondary">
              {translate('admin.offers.stock')}: <Stock record={record} />
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Stack>
  );
}

/**
 * The products: picture, name, SKU, price, stock, status (hidden, out of stock, on sale) and category, the
 * columns sortable; a search box and filters by category and status; the total count (GET /rest/offers);
 * selected rows get bulk actions (OfferBulkActions). Phones get one column per row and a sort menu.
 */
export function OfferList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  const editorPath = useItemEditorPath();
  return (
    <List
      actions={<ListActions small={small} />}
      filters={useFilters()}
      perPage={20}
      sort={{ field: 'sort', order: 'ASC' }}
      pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
      exporter={false}
      storeKey="offers.list"
      empty={<NoProducts />}
    >
      <Datagrid rowClick={(id, _res, r) => editorPath(r.categoryId, id)} bulkActionButtons={<OfferBulkActions />} sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'middle' } }}>
        {small ? (
          <FunctionField label="resources.offers.fields.name" render={(r) => <CompactRow record={r} />} sortable={false} />
        ) : (
          [
            <FunctionField key="thumb" label="resources.offers.fields.thumbSrc" render={(r) => <Thumb record={r} />} sortable={false} />,
            <TextField key="name" source="name" />,
            <FunctionField key="sku" source="sku" label="resources.offers.fields.sku" render={(r) => (r.sku ? <Box component="span" sx={{ ...ltr, whiteSpace: 'nowrap' }}>{r.sku}</Box> : null)} />,
            <FunctionField key="price" source="price" label="resources.offers.fields.price" render={(r) => <PriceField record={r} />} />,
            <FunctionField key="stock" source="stock" label="admin.offers.stock" render={(r) => <Stock record={r} />} />,
            <FunctionField key="status" source="active" label="admin.offers.status" render={(r) => <OfferStatus record={r} />} />,
            <ReferenceField key="category" source="categoryId" reference="offers_category" link={false} sortable={false}>
              <TextField source="category" />
            </ReferenceField>,
          ]
        )}
      </Datagrid>
    </List>
  );
}
