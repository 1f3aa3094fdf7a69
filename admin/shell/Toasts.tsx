import { useEffect, useState } from 'react';
import { Button, Snackbar } from '@mui/material';
import { undoableEventEmitter, useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';

const TINTED = ['success', 'error', 'warning'];

/**
 * react-admin's toasts one at a time, as its own `<Notification>` shows them, except that a newer toast ends the
 * one on screen at once: react-admin's waited out each toast's 4 s, so the second of two quick saves said
 * "Изменения сохранены" seconds later, read as a lost save (walk 35: "toasts queue up"). An undoable toast is
 * never cut short (its undo is the way back); it ends as react-admin's does, committing or undoing the mutation.
 */
export function Toasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!notifications.length) return;
    if (!current) {
      setCurrent(takeNotification() ?? undefined);
      setOpen(true);
    } else if (!current.notificationOptions?.undoable) setOpen(false);
  }, [notifications, current, takeNotification]);

  if (!current) return null;
  const { message, type = 'info', notificationOptions = {} } = current;
  const { autoHideDuration, messageArgs, multiLine, undoable, ...options } = notificationOptions;
  const settle = (isUndo: boolean) => {
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo });
    else undoableEventEmitter.emit('end', { isUndo });
  };
  const tint = TINTED.includes(type) ? { bgcolor: `${type}.main`, color: `${type}.contrastText` } : {};
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideDuration === undefined ? 4000 : (autoHideDuration ?? undefined)}
      onClose={() => setOpen(false)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={typeof message === 'string' ? translate(message, messageArgs) : message}
      action={
        undoable ? (
          <Button size="small" color="inherit" onClick={() => (settle(true), setOpen(false))}>
            {translate('ra.action.undo')}
          </Button>
        ) : null
      }
      {...options}
      slotProps={{
        transition: {
          onExited: () => {
            if (undoable) settle(false);
            setCurrent(undefined);
          },
        },
        content: { className: `RaNotification-${type}`, sx: { ...tint, whiteSpace: multiLine ? 'pre-wrap' : undefined } },
      }}
    />
  );
}
