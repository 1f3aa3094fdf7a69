import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DefaultEditorOptions, RichTextInput, useEditorSelection, useTiptapEditor, type RichTextInputProps } from 'ra-input-rich-text';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Select, TextField, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import Undo from '@mui/icons-material/Undo';
import Redo from '@mui/icons-material/Redo';

/**
 * The seed's rich-text editor: bold, italic, bullet and ordered lists, paragraph and headings 1 to 3,
 * links (a popup whose OK applies the link and Remove clears it; the URL placeholder is the shop's host),
 * undo and redo. Used for the info pages and every wysiwyg field. The server sanitises what it saves.
 */
const LEVELS = ['paragraph', 'h1', 'h2', 'h3'] as const;

/** The editor commands used here (the extensions' own command typings are not visible from this package). */
interface Chain {
  run(): boolean;
  setParagraph(): Chain;
  setHeading(attrs: { level: 1 | 2 | 3 }): Chain;
  toggleBold(): Chain;
  toggleItalic(): Chain;
  toggleBulletList(): Chain;
  toggleOrderedList(): Chain;
  extendMarkRange(mark: string): Chain;
  setLink(attrs: { href: string }): Chain;
  unsetLink(): Chain;
  undo(): Chain;
  redo(): Chain;
}
type Editor = NonNullable<ReturnType<typeof useTiptapEditor>>;
const chainOf = (editor: Editor) => editor.chain().focus() as unknown as Chain;

/**
 * Re-renders on every change of the editor, not only of its selection: a heading set where the caret
 * already was, or an undo, moves no selection, and a stale toolbar (the style still 'Обычный текст', redo
 * still off) would make the next choice do nothing.
 */
function useEditorChanges(editor: Editor | null | undefined) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', rerender);
    return () => void editor.off('transaction', rerender);
  }, [editor]);
}
const canOf = (editor: Editor | null | undefined) => editor?.can() as unknown as { undo(): boolean; redo(): boolean } | undefined;
type Level = (typeof LEVELS)[number];

function LevelSelect() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  useEditorSelection();
  useEditorChanges(editor);
  const level: Level = editor?.isActive('heading', { level: 1 }) ? 'h1' : editor?.isActive('heading', { level: 2 }) ? 'h2' : editor?.isActive('heading', { level: 3 }) ? 'h3' : 'paragraph';
  return (
    <Select
      size="small"
      value={level}
      disabled={!editor?.isEditable}
      inputProps={{ 'aria-label': translate('admin.rich.level') }}
      onChange={(e) => {
        const next = e.target.value as Level;
        const chain = chainOf(editor!);
        if (next === 'paragraph') chain.setParagraph().run();
        else chain.setHeading({ level: Number(next.slice(1)) as 1 | 2 | 3 }).run();
      }}
      sx={{ minWidth: 150, '& .MuiSelect-select': { py: 0.75 } }}
    >
      {LEVELS.map((l) => (
        <MenuItem key={l} value={l}>
          {translate(`admin.rich.${l}`)}
        </MenuItem>
      ))}
    </Select>
  );
}

function MarksAndLists() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  useEditorSelection();
  const active = ['bold', 'italic', 'bulletList', 'orderedList'].filter((m) => editor?.isActive(m));
  const run = (name: string) => {
    const chain = chainOf(editor!);
    if (name === 'bold') chain.toggleBold().run();
    else if (name === 'italic') chain.toggleItalic().run();
    else if (name === 'bulletList') chain.toggleBulletList().run();
    else chain.toggleOrderedList().run();
  };
  const items = [
    ['bold', <FormatBold key="b" fontSize="small" />],
    ['italic', <FormatItalic key="i" fontSize="small" />],
    ['bulletList', <FormatListBulleted key="ul" fontSize="small" />],
    ['orderedList', <FormatListNumbered key="ol" fontSize="small" />],
  ] as const;
  return (
    <ToggleButtonGroup size="small" value={active} disabled={!editor?.isEditable}>
      {items.map(([name, icon]) => (
        <ToggleButton key={name} value={name} aria-label={translate(`admin.rich.${name}`)} title={translate(`admin.rich.${name}`)} onClick={() => run(name)}>
          {icon}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function LinkButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  useEditorSelection();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const openDialog = () => {
    setUrl(String(editor?.getAttributes('link').href ?? ''));
    setOpen(true);
  };
  const apply = () => {
    const href = url.trim();
    const chain = chainOf(editor!).extendMarkRange('link');
    if (href) chain.setLink({ href }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };
  const remove = () => {
    chainOf(editor!).extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };
  return (
    <>
      <ToggleButton size="small" value="link" selected={!!editor?.isActive('link')} disabled={!editor?.isEditable} aria-label={translate('admin.rich.link')} title={translate('admin.rich.link')} onClick={openDialog}>
        <LinkIcon fontSize="small" />
      </ToggleButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="link-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="link-dialog-title">{translate('admin.rich.link')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('admin.rich.link_url')}
            placeholder={`https://${host}/`}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())}
          />
        </DialogContent>
        <DialogActions>
          <Button color="error" onClick={remove}>
            {translate('admin.rich.link_remove')}
          </Button>
          <Button variant="contained" onClick={apply}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function History() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  useEditorSelection();
  useEditorChanges(editor);
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={translate('admin.rich.undo')}>
        <span>
          <IconButton size="small" aria-label={translate('admin.rich.undo')} disabled={!canOf(editor)?.undo()} onClick={() => chainOf(editor!).undo().run()}>
            <Undo fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('admin.rich.redo')}>
        <span>
          <IconButton size="small" aria-label={translate('admin.rich.redo')} disabled={!canOf(editor)?.redo()} onClick={() => chainOf(editor!).redo().run()}>
            <Redo fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

export function RichTextToolbar() {
  return (
    <Box role="toolbar" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <LevelSelect />
      <MarksAndLists />
      <LinkButton />
      <History />
    </Box>
  );
}

/** `ariaLabel` names the editing area for screen readers (a contenteditable has no <label>). */
export default function RichTextEditor({ minHeight = 80, sx, ariaLabel, ...props }: RichTextInputProps & { minHeight?: number; ariaLabel?: string }) {
  const translate = useTranslate();
  const name = ariaLabel ?? (typeof props.label === 'string' ? translate(props.label) : undefined);
  const editorOptions = useMemo(() => (name ? { ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': name } } } : DefaultEditorOptions), [name]);
  return <RichTextInput {...props} editorOptions={editorOptions} toolbar={<RichTextToolbar />} sx={{ '& .ProseMirror': { minHeight, cursor: 'text' }, ...sx }} />;
}
