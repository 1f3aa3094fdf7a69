import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { Marker, Polygon, Polyline, useMapEvents } from 'react-leaflet';
import { Box, Button, CircularProgress, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import { EditorHeader } from '../../../components/EditorParts';
import { coordsOf, placeCentre, storeDraft, type LatLng, type PlaceDraft } from '../placeDraft';
import { MapBox, pinIcon, PlaceMapPage, rgbOf, vertexIcon } from './mapParts';

/** The stroke while the zone is being changed (the seed: red while drawing, the place colour otherwise). */
const DRAWING = '#E03131';
const same = (a: LatLng[], b: LatLng[]) => JSON.stringify(a) === JSON.stringify(b);
const round = ([lat, lon]: LatLng): LatLng => [Number(lat.toFixed(6)), Number(lon.toFixed(6))];

function ClickToAdd({ onAdd }: { onAdd: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onAdd(round([e.latlng.lat, e.latlng.lng])) });
  return null;
}

/** A zone is a polygon of three points or more, or none at all. */
export const validZone = (pts: LatLng[]) => pts.length === 0 || pts.length >= 3;

function PolygonScreen({ placeId, draft: given }: { placeId: string; draft: PlaceDraft }) {
  const [draft] = useState(given);
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [saved] = useState<LatLng[]>(() => draft.coords);
  const [points, setPoints] = useState<LatLng[]>(draft.coords);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const editor = `/place_settings/place/${placeId}`;
  const { data: others = [] } = useGetList('places', { pagination: { page: 1, perPage: 500 }, sort: { field: 'sort', order: 'ASC' } });
  const changed = !same(points, saved);
  const colour = rgbOf(draft.color);
  const stroke = changed ? DRAWING : colour;
  const vertex = useMemo(() => vertexIcon(stroke), [stroke]);
  const centre = useMemo<LatLng>(() => {
    if (points.length) return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
    return placeCentre(draft);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the map opens once, where the zone or the place is

  // The seed: the coordinates are stored on leaving (a zone of one or two points is not a zone: it is dropped).
  const latest = useRef(points);
  latest.current = points;
  useEffect(
    () => () => {
      if (validZone(latest.current)) storeDraft(placeId, { ...draft, coords: latest.current });
    },
    [placeId, draft],
  );

  const done = () => {
    if (!validZone(points)) {
      notify('admin.maps.zone_too_small', { type: 'error' });
      return;
    }
    navigate(editor);
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <EditorHeader
        title={translate('admin.maps.zone_title')}
        back={editor}
        onConfirm={done}
        actions={
          <Button variant="outlined" size="small" endIcon={<MoreVert />} aria-haspopup="menu" aria-expanded={!!menu} onClick={(e) => setMenu(e.currentTarget)}>
            {translate('admin.maps.actions')}
          </Button>
        }
      />
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)} slotProps={{ list: { subheader: <ListSubheader>{translate('admin.maps.choose_action')}</ListSubheader> } }}>
        <MenuItem
          onClick={() => {
            setPoints([]);
            setMenu(null);
          }}
        >
          {translate('admin.maps.clear_zone')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setPoints(saved);
            setMenu(null);
          }}
        >
          {translate('admin.maps.undo_changes')}
        </MenuItem>
        <MenuItem
          disabled={!points.length}
          onClick={() => {
            setPoints((p) => p.slice(0, -1));
            setMenu(null);
          }}
        >
          {translate('admin.maps.remove_last')}
        </MenuItem>
      </Menu>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="zone-status">
        {translate('admin.maps.zone_hint')} · {translate('admin.places.zone_points', { count: points.length, smart_count: points.length })}
      </Typography>
      <MapBox centre={centre} zoom={points.length ? 12 : 11} label={translate('admin.maps.zone_title')}>
        {others
          .filter((p) => String(p.id) !== placeId)
          .map((p) => {
            const zone = coordsOf(p.coords);
            const c = rgbOf(String(p.color ?? ''));
            return zone.length >= 3 ? <Polygon key={p.id} positions={zone} pathOptions={{ color: c, weight: 1, fillColor: c, fillOpacity: 0.08, dashArray: '4 4', interactive: false }} /> : null;
          })}
        {draft.latitude && draft.longitude ? <Marker position={placeCentre(draft)} icon={pinIcon} interactive={false} keyboard={false} /> : null}
        {points.length >= 3 ? (
          <Polygon positions={points} pathOptions={{ color: stroke, weight: 3, fillColor: colour, fillOpacity: 0.3, interactive: false }} />
        ) : points.length === 2 ? (
          <Polyline positions={points} pathOptions={{ color: stroke, weight: 3, interactive: false }} />
        ) : null}
        {points.map((p, i) => (
          <Marker
            key={`${i}-${points.length}`}
            position={p}
            icon={vertex}
            draggable
            title={translate('admin.maps.vertex', { n: i + 1 })}
            eventHandlers={{
              dragend: (e) => {
                const ll = (e.target as { getLatLng(): { lat: number; lng: number } }).getLatLng();
                setPoints((ps) => ps.map((q, j) => (j === i ? round([ll.lat, ll.lng]) : q)));
              },
            }}
          />
        ))}
        <ClickToAdd onAdd={(p) => setPoints((ps) => [...ps, p])} />
      </MapBox>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5, mb: 3 }}>
        <Button variant="contained" onClick={done}>
          {translate('admin.maps.zone_done')}
        </Button>
      </Box>
    </Box>
  );
}

/** /polygon_map/{placeId}: the delivery zone: a click adds a point, points drag; 'Выберите действие' clears or undoes. */
export default function PolygonMap() {
  return <PlaceMapPage screen={PolygonScreen} />;
}
