import { useState, type ReactElement } from 'react';
import { Form, useDataProvider, useListContext, useLocaleState, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Checkbox, Dialog, ListItemIcon, Menu, MenuItem, useMediaQuery, type Theme, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { PRICE_CHANGE_MAX, PRICE_CHANGE_MIN, changedPrice, validPriceChange } from '../../../schemas/rules/priceChange';
import type { BulkBody, OwnerOfferMethods } from '../../../dataProvider/ownerOffers';
import { CategorySelectInput } from '../../components/CategorySelectInput';
import { formatPrice } from './offerPrice';

type Dialogs = 'move' | 'price' | 'delete' | null;

/** Sends one bulk action for the selected products, then refreshes the list and says how many changed. */
function useBulk() {
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & OwnerOfferMethods;
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const send = async (body: Omit<BulkBody, 'ids'>) => {
    setBusy(true);
    try {
      const { changed } = await dataProvider.offersBulk({ ...body, ids: selectedIds.map(String) });
      onUnselectItems();
      await queryClient.invalidateQueries({ queryKey: ['offers'] });
      refresh();
      notify('admin.offers.done', { type: 'success', messageArgs: { count: changed } });
      return true;
    } catch (e) {
      const message = (e as Error)?.message || 'errors.error_msg';
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy, count: selectedIds.length };
}

/** Products of this page that are selected (the price dialog's example). */
function useSelectedRows(): RaRecord[] {
  const { data, selectedIds } = useListContext();
  const wanted = new Set(selectedIds.map((id: Identifier) => String(id)));
  return (data ?? []).filter((r) => wanted.has(String(r.id)));
}

function MoveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { send, busy, count } = useBulk();
  const [categoryId, setCategoryId] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bulk-move-title" fullWidth maxWidth="xs">
      <DialogTitle id="bulk-move-title">{translate('admin.offers.move_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('admin.offers.selected', { count })}</DialogContentText>
        {/* A form of its own: the category select is a react-admin input. */}
        <Form record={{ categoryId: '' }} onSubmit={() => undefined}>
          <CategorySelectInput source="categoryId" label="resources.offers.fields.categoryId" onChange={(e) => setCategoryId(String(e?.target?.value ?? e ?? ''))} fullWidth helperText={false} />
        </Form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.editor.cancel')}</Button>
        <Button variant="contained" disabled={!categoryId || busy} onClick={async () => (await send({ action: 'move', categoryId })) && onClose()}>
          {translate('admin.offers.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PriceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { send, busy, count } = useBulk();
  const rows = useSelectedRows();
  const [text, setText] = useState('');
  const [oldprice, setOldprice] = useState(false);
  // Lower or raise: a phone's number pad has no minus (iOS's decimal pad), so the sign is a choice of its own;
  // a typed '-5' still lowers.
  const [down, setDown] = useState(false);
  const typed = Number(text.replace(',', '.').replace('−', '-'));
  const percent = down ? -Math.abs(typed) : typed;
  const valid = text.trim() !== '' && validPriceChange(percent);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bulk-price-title" fullWidth maxWidth="xs">
      <DialogTitle id="bulk-price-title">{translate('admin.offers.price_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('admin.offers.selected', { count })}</DialogContentText>
        <ToggleButtonGroup exclusive size="small" color="primary" value={down ? 'down' : 'up'} onChange={(_, v) => v && setDown(v === 'down')} sx={{ mb: 2 }}>
          <ToggleButton value="up">{translate('admin.offers.raise')}</ToggleButton>
          <ToggleButton value="down">{translate('admin.offers.lower')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          label={translate('admin.offers.percent')}
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[^\d.,\-−]/g, '').slice(0, 8))}
          error={text.trim() !== '' && !valid}
          helperText={translate('admin.offers.percent_hint', { min: PRICE_CHANGE_MIN, max: PRICE_CHANGE_MAX })}
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          fullWidth
          autoFocus
        />
        <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={oldprice} onChange={(e) => setOldprice(e.target.checked)} />} label={translate('admin.offers.also_oldprice')} />
        {valid && rows.length ? (
          <Box component="section" aria-label={translate('admin.offers.preview')} sx={{ mt: 1 }}>
            <Typography variant="subtitle2">{translate('admin.offers.preview')}</Typography>
            {rows.slice(0, 3).map((r) => (
              <Typography key={r.id} variant="body2" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {r.name}
                </Box>
                <Box component="span" sx={{ whiteSpace: 'nowrap', direction: 'ltr', unicodeBidi: 'isolate' }}>
                  {formatPrice(r.price, r.currencyId, locale)} → {formatPrice(changedPrice(Number(r.price), percent), r.currencyId, locale)}
                </Box>
              </Typography>
            ))}
          </Box>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('admin.offers.rounding')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.editor.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={async () => (await send({ action: 'price', percent, oldprice })) && onClose()}>
          {translate('admin.offers.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { send, busy, count } = useBulk();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bulk-delete-title">
      <DialogTitle id="bulk-delete-title">{translate('admin.offers.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('admin.offers.delete_text', { count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.editor.cancel')}</Button>
        <Button variant="contained" color="error" disabled={busy} onClick={async () => (await send({ action: 'delete' })) && onClose()}>
          {translate('admin.editor.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The bulk actions of the product list (POST /rest/offers/bulk, one transaction each): show, hide, move
 * to a category, change the price by a percentage (computed by the server, previewed here with the same
 * rule), delete (asked first).
 */
export function OfferBulkActions() {
  const translate = useTranslate();
  const { send, busy } = useBulk();
  const [dialog, setDialog] = useState<Dialogs>(null);
  // On a phone five labelled buttons do not fit beside "N selected": one 'Действия' button opens them as a
  // labelled menu (icons alone left the owner guessing what 'move' and 'price' were).
  const phone = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const close = () => setDialog(null);
  const actions: [string, ReactElement, () => void, ('primary' | 'error')?][] = [
    ['admin.offers.bulk_show', <VisibilityOutlined />, () => void send({ action: 'show' })],
    ['admin.offers.bulk_hide', <VisibilityOffOutlined />, () => void send({ action: 'hide' })],
    ['admin.offers.bulk_move', <DriveFileMoveOutlined />, () => setDialog('move')],
    ['admin.offers.bulk_price', <PercentOutlined />, () => setDialog('price')],
    ['admin.editor.delete', <DeleteOutline />, () => setDialog('delete'), 'error'],
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {phone ? (
        <>
          <Button size="small" startIcon={<MoreVert />} aria-haspopup="menu" disabled={busy} onClick={(e) => setMenu(e.currentTarget)}>
            {translate('admin.offers.bulk_actions')}
          </Button>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {actions.map(([label, icon, onClick, color]) => (
              <MenuItem key={label} onClick={() => (setMenu(null), onClick())} sx={{ color: color === 'error' ? 'error.main' : undefined }}>
                <ListItemIcon sx={{ color: 'inherit' }}>{icon}</ListItemIcon>
                {translate(label)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        actions.map(([label, icon, onClick, color = 'primary']) => (
          <Button key={label} size="small" color={color} startIcon={icon} disabled={busy} onClick={onClick}>
            {translate(label)}
          </Button>
        ))
      )}
      {dialog === 'move' ? <MoveDialog open onClose={close} /> : null}
      {dialog === 'price' ? <PriceDialog open onClose={close} /> : null}
      {dialog === 'delete' ? <DeleteDialog open onClose={close} /> : null}
    </Stack>
  );
}
