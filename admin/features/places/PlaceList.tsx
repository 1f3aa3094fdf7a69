import { Link as RouterLink } from 'react-router';
import { Authenticated, useGetList, useTranslate } from 'react-admin';
import { Box, CircularProgress, Fab, List, ListItemButton, ListItemIcon, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { EditorHeader } from '../../components/EditorParts';

/** The zone colour's swatch ('r,g,b,alpha'). */
export function ZoneSwatch({ color }: { color: unknown }) {
  const rgba = typeof color === 'string' && color ? color : '25,113,194,1';
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 20, height: 20, borderRadius: '50%', border: 2, borderColor: `rgb(${rgba.split(',').slice(0, 3).join(',')})`, bgcolor: `rgba(${rgba.split(',').slice(0, 3).join(',')},0.3)` }} />;
}

function Places() {
  const translate = useTranslate();
  const { data = [], isPending, error } = useGetList('places', { pagination: { page: 1, perPage: 500 }, sort: { field: 'sort', order: 'ASC' } });
  const title = translate('admin.places.title');
  return (
    <Box sx={{ maxWidth: 900 }}>
      <EditorHeader
        title={title}
        back="/settings/common_settings"
        actions={
          <Tooltip title={translate('admin.places.add')}>
            <Fab size="small" color="primary" component={RouterLink} to="/place_settings/place/new" aria-label={translate('admin.places.add')}>
              <Add />
            </Fab>
          </Tooltip>
        }
      />
      <Paper>
        {isPending ? (
          <CircularProgress sx={{ m: 2 }} aria-label={translate('admin.editor.loading')} />
        ) : error ? (
          <Typography sx={{ p: 2 }} color="error">
            {translate('errors.error_msg')}
          </Typography>
        ) : data.length === 0 ? (
          <Typography sx={{ p: 2 }}>{translate('admin.places.empty')}</Typography>
        ) : (
          <List aria-label={title} disablePadding>
            {data.map((p) => (
              <ListItemButton key={p.id} component={RouterLink} to={`/place_settings/place/${p.id}`} divider>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <ZoneSwatch color={p.color} />
                </ListItemIcon>
                <ListItemText
                  primary={p.name}
                  secondary={[p.city, p.address].filter(Boolean).join(', ') || translate('admin.places.no_address')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <ChevronRight color="action" />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}

/** /place_settings 'Настройка мест': the places in their order; add → a new place; a row → its editor. */
export default function PlaceList() {
  return (
    <Authenticated>
      <Places />
    </Authenticated>
  );
}
