import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useBlocker, useParams } from 'react-router';
import { Authenticated, Title, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Check from '@mui/icons-material/Check';
import { setUnsavedEditor, unsavedEditor } from './unsavedEditor';

/**
 * The parts every editor screen of the seed shares: a header with a back arrow, the title and a confirm
 * check button (disabled while nothing changed), a footer with the actions, the error popup ('error_msg'
 * with a continue button; a success is a toast) and the 'save changes?' prompt when leaving with unsaved
 * changes.
 */
export function EditorHeader({ title, back, onConfirm, confirmDisabled, actions }: { title: string; back: string; onConfirm?: () => void; confirmDisabled?: boolean; actions?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, mt: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Tooltip title={translate('admin.editor.back')}>
        <IconButton component={RouterLink} to={back} aria-label={translate('admin.editor.back')}>
          {/* Right to left (Arabic) the way back points right. */}
          <ArrowBack sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
        </IconButton>
      </Tooltip>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {actions}
      {onConfirm ? (
        <Tooltip title={translate('admin.editor.accept')}>
          <span>
            <IconButton color="primary" aria-label={translate('admin.editor.accept')} disabled={confirmDisabled} onClick={onConfirm}>
              <Check />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Box>
  );
}

export function EditorCard({ children }: { children: ReactNode }) {
  return <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>{children}</Paper>;
}

export function EditorFooter({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap', mb: 4 }}>{children}</Box>;
}

/**
 * The footer every editor ends with: delete (left; absent for a new record) and accept (right), both off
 * while a call is running, accept also while nothing changed.
 */
export function EditorActions({ busy, dirty, onDelete, onAccept, acceptLabel = 'admin.editor.accept' }: { busy: boolean; dirty: boolean; onDelete?: () => void; onAccept: () => void; acceptLabel?: string }) {
  const translate = useTranslate();
  return (
    <EditorFooter>
      {onDelete ? (
        <Button color="error" startIcon={<DeleteOutline />} onClick={onDelete} disabled={busy}>
          {translate('admin.editor.delete')}
        </Button>
      ) : (
        <span />
      )}
      <Button variant="contained" onClick={onAccept} disabled={!dirty || busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
        {translate(acceptLabel)}
      </Button>
    </EditorFooter>
  );
}

/** The error popup of a save or delete ('error_msg' with the server's message); a success is a toast (useEditorSave). */
export function ResultDialog({ result, message, onContinue }: { result: 'error' | null; message?: string; onContinue: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={result !== null} onClose={onContinue} aria-labelledby="result-dialog-title">
      <DialogTitle id="result-dialog-title">{translate('errors.error_msg')}</DialogTitle>
      {message ? (
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onContinue} variant="contained" autoFocus>
          {translate('admin.editor.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onCancel, danger }: { open: boolean; title: string; text?: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void; danger?: boolean }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      {text ? (
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel}>{translate('admin.editor.cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" color={danger ? 'error' : 'primary'} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Leaving with unsaved changes asks 'save changes?': save then go on, or go on without saving. The
 * browser's own reload/close prompt covers leaving the app.
 */
export function UnsavedChangesPrompt({ dirty, onSave }: { dirty: boolean; onSave: () => Promise<boolean> }) {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    // The language switcher asks before a switch would drop these changes (unsavedEditor.ts).
    const editor = { save: () => saveRef.current() };
    setUnsavedEditor(editor);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (unsavedEditor() === editor) setUnsavedEditor(null);
    };
  }, [dirty]);
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-dialog-title">
      <DialogTitle id="unsaved-dialog-title">{translate('admin.editor.save_changes')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('admin.editor.save_changes_text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()}>{translate('admin.editor.dont_save')}</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={async () => {
            if (await onSave()) blocker.proceed?.();
            else blocker.reset?.();
          }}
        >
          {translate('admin.editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The page of an editor whose route names its record by `param` ('new' creates), the owner's only. A new
 * record's first save moves to its own address, where a fresh editor mounts (keyed by the id).
 */
export function editorPage(Editor: ComponentType, param: string) {
  return function EditorPage() {
    const id = useParams()[param] ?? 'new';
    return (
      <Authenticated>
        <Editor key={id} />
      </Authenticated>
    );
  };
}
