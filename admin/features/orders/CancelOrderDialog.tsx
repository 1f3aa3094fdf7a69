import { useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { CANCEL_REASON_MAX } from '../../../schemas';

/** The reasons an owner gives most; a chip fills the field, which stays editable. */
const COMMON_REASONS = ['out_of_stock', 'customer_asked', 'unreachable', 'duplicate'] as const;

/**
 * 'Отменить заказ №N?': cancelling asks for a reason, which the customer reads on the order's page and in
 * the SMS and e-mail the server sends. An order paid on the site says its money goes back.
 */
export function CancelOrderDialog({ order, onConfirm, onClose }: { order: RaRecord | null; onConfirm: (reason: string) => void; onClose: () => void }) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const blank = !reason.trim();
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const confirm = () => {
    setTried(true);
    if (blank) return;
    onConfirm(reason.trim());
    setReason('');
    setTried(false);
  };
  return (
    <Dialog open={!!order} onClose={close} aria-labelledby="cancel-order-title" fullWidth maxWidth="sm">
      <DialogTitle id="cancel-order-title">{translate('admin.orders.cancel.title', { id: order?.id ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(order?.paymentStatus === 'paid' ? 'admin.orders.cancel_payment_paid' : 'admin.orders.cancel.text')}</DialogContentText>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label={translate('admin.orders.cancel.common')}>
          {COMMON_REASONS.map((r) => {
            const text = translate(`admin.orders.cancel.reasons.${r}`);
            return <Chip key={r} label={text} onClick={() => setReason(text)} color={reason === text ? 'primary' : 'default'} variant={reason === text ? 'filled' : 'outlined'} />;
          })}
        </Box>
        <TextField
          label={translate('resources.orders.fields.cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX } }}
          error={tried && blank}
          helperText={tried && blank ? translate('admin.orders.cancel.required') : translate('admin.orders.cancel.hint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('admin.orders.cancel.keep')}</Button>
        <Button onClick={confirm} variant="contained" color="error">
          {translate('admin.orders.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
