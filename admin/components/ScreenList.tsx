import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Authenticated, useGetList, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { Box, CircularProgress, Fab, List, ListItemButton, ListItemIcon, ListItemText, Paper, Tooltip, Typography, type SxProps, type Theme } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { EditorHeader } from './EditorParts';

/** One row of a screen list: a link with its texts, an optional leading icon and trailing content. */
export interface ScreenRow {
  key: string | number;
  to: string;
  primary: ReactNode;
  secondary?: ReactNode;
  icon?: ReactNode;
  end?: ReactNode;
  /** A chevron at the end (rows that open a detail screen). */
  chevron?: boolean;
  sx?: SxProps<Theme>;
}

export interface ScreenListProps<R> {
  title: string;
  /** Where the header's back arrow goes. */
  back: string;
  /** The round plus of the header: its label and target. */
  add?: { label: string; to: string };
  maxWidth: number;
  rows: R[];
  isPending: boolean;
  error?: unknown;
  /** The error's text (default: the generic error message). */
  errorText?: string;
  /** What an empty list shows (a text or a node). */
  empty: ReactNode;
  /** A row as a link (the usual case); or `items` renders all rows itself (banners' grid). */
  row?: (record: R) => ScreenRow;
  items?: (records: R[]) => ReactNode;
  /** Content between the header and the list (a date filter). */
  above?: ReactNode;
  paperSx?: SxProps<Theme>;
}

/**
 * The panel's list screens at the seed's paths (promo codes, ingredients, places, filters, banners, a
 * place's orders, the ingredient picker): a header with back and add, then a loading spinner, an error,
 * the empty text or the rows. One component so they look and behave alike.
 */
export function ScreenList<R>({ title, back, add, maxWidth, rows, isPending, error, errorText, empty, row, items, above, paperSx }: ScreenListProps<R>) {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth }}>
      <EditorHeader
        title={title}
        back={back}
        actions={
          add ? (
            <Tooltip title={add.label}>
              <Fab size="small" color="primary" component={RouterLink} to={add.to} aria-label={add.label}>
                <Add />
              </Fab>
            </Tooltip>
          ) : undefined
        }
      />
      {above}
      <Paper sx={paperSx}>
        {isPending ? (
          <CircularProgress sx={{ m: 2 }} aria-label={translate('admin.editor.loading')} />
        ) : error ? (
          <Typography sx={{ p: 2 }} color="error">
            {errorText ?? translate('errors.error_msg')}
          </Typography>
        ) : rows.length === 0 ? (
          typeof empty === 'string' ? <Typography sx={{ p: 2 }}>{empty}</Typography> : empty
        ) : items ? (
          items(rows)
        ) : (
          <List aria-label={title} disablePadding>
            {rows.map((record) => {
              const r = row!(record);
              return (
                <ListItemButton key={r.key} component={RouterLink} to={r.to} divider sx={r.sx}>
                  {r.icon ? <ListItemIcon sx={{ minWidth: 36 }}>{r.icon}</ListItemIcon> : null}
                  <ListItemText primary={r.primary} secondary={r.secondary} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }} sx={{ flex: 1, minWidth: 0 }} />
                  {r.end}
                  {r.chevron ? <ChevronRight color="action" /> : null}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Paper>
    </Box>
  );
}

/** Every record of a short resource for a list screen (one page of up to 1000), as ScreenList's `rows`/`isPending`. */
export function useAllRows<R extends RaRecord = RaRecord>(resource: string, sort: SortPayload, filter?: Record<string, unknown>, options?: { enabled?: boolean }) {
  const { data = [], isPending } = useGetList<R>(resource, { filter, pagination: { page: 1, perPage: 1000 }, sort }, options);
  return { rows: data, isPending };
}

/** The path the screen was opened at, without a trailing slash (`fallback` if none): its add button leads below it. */
export const usePathBase = (fallback: string) => useLocation().pathname.replace(/\/+$/, '') || fallback;

/** A screen shown only to the signed-in owner (the login page otherwise). */
export const authenticated = (Screen: ComponentType) =>
  function AuthenticatedScreen() {
    return (
      <Authenticated>
        <Screen />
      </Authenticated>
    );
  };
