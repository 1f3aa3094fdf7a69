import 'leaflet/dist/leaflet.css';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Authenticated, useGetOne, useTranslate } from 'react-admin';
import L from 'leaflet';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useShopConfig } from '../../../components/shopApi';
import { draftFromRecord, loadDraft, newPlaceDraft, type LatLng, type PlaceDraft } from '../placeDraft';

/**
 * Shared parts of the admin's two maps (this chunk alone loads Leaflet and its CSS): the map box with the
 * shop's tiles (config.json MAP_TILES_URL), the place draft they work on, and SVG markers as divIcons
 * (Leaflet's default marker images do not survive bundling).
 */
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A vertex of the zone: a white dot ringed in the stroke colour. */
export const vertexIcon = (colour: string) =>
  L.divIcon({
    className: 'admin-zone-vertex',
    html: `<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6" fill="#fff" stroke="${colour}" stroke-width="3"/></svg>`,
    iconSize: [16, 16],
    iconAnchor: [8, 8],
  });

/** The place's address point (a small pin). */
export const pinIcon = L.divIcon({
  className: 'admin-place-pin',
  html: '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 26 14 26s14-15.5 14-26C28 6.3 21.7 0 14 0z" fill="#1971C2"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

/** The centre marker of the address map: drawn over the map's middle, its tip on the centre point. */
export function CentrePin({ label }: { label: string }) {
  return (
    <Box role="img" aria-label={label} sx={{ position: 'absolute', left: '50%', top: '50%', width: 36, height: 50, ml: '-18px', mt: '-50px', zIndex: 500, pointerEvents: 'none', filter: 'drop-shadow(0 2px 2px rgba(0,0,0,.35))' }}>
      <svg width="36" height="50" viewBox="0 0 28 40" aria-hidden="true">
        <path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 26 14 26s14-15.5 14-26C28 6.3 21.7 0 14 0z" fill="#E03131" />
        <circle cx="14" cy="14" r="5" fill="#fff" />
      </svg>
    </Box>
  );
}

/** Leaflet measures its box once: measure again when the box changes size (drawer, rotation). */
function ResizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  return null;
}

/** The map box: fills the screen below the header, the shop's tiles, children are the map's layers. */
export function MapBox({ centre, zoom = 14, label, children, overlay }: { centre: LatLng; zoom?: number; label: string; children?: ReactNode; overlay?: ReactNode }) {
  const config = useShopConfig();
  if (!config) return <CircularProgress sx={{ m: 3 }} />;
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{ position: 'relative', height: { xs: 'calc(100dvh - 230px)', sm: 'calc(100vh - 220px)' }, minHeight: 300, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', '& .leaflet-container': { height: '100%', width: '100%', font: 'inherit' }, '& .admin-zone-vertex, & .admin-place-pin': { background: 'none', border: 0 } }}
    >
      <MapContainer center={centre} zoom={zoom} scrollWheelZoom style={{ height: '100%', width: '100%' }}>
        {config.MAP_TILES_URL ? <TileLayer url={config.MAP_TILES_URL} attribution={OSM_ATTRIBUTION} maxZoom={19} /> : null}
        <ResizeWatcher />
        {children}
      </MapContainer>
      {overlay}
    </Box>
  );
}

/**
 * The place draft a map works on: the one the editor left in the session, else the stored place (a map
 * opened directly), else a new place. `missing` when the place does not exist.
 */
function usePlaceDraft(): { placeId: string; draft: PlaceDraft | null; missing: boolean } {
  const { placeId = 'new' } = useParams();
  const [fromSession] = useState(() => loadDraft(placeId));
  const needRecord = !fromSession && placeId !== 'new';
  const { data, error } = useGetOne('places', { id: placeId }, { enabled: needRecord, retry: false, refetchOnWindowFocus: false });
  const draft = fromSession ?? (placeId === 'new' ? newPlaceDraft() : data ? draftFromRecord(data) : null);
  return { placeId, draft, missing: needRecord && !!error };
}

type MapScreen = ComponentType<{ placeId: string; draft: PlaceDraft }>;

function DraftScreen({ screen: Screen }: { screen: MapScreen }) {
  const translate = useTranslate();
  const { placeId, draft, missing } = usePlaceDraft();
  if (missing) return <Typography sx={{ p: 2 }}>{translate('admin.places.not_found')}</Typography>;
  if (!draft) return <CircularProgress sx={{ m: 3 }} />;
  return <Screen placeId={placeId} draft={draft} />;
}

/** A map page of the place in the address (the owner's only): 'not found', a spinner, then the screen on its draft. */
export function PlaceMapPage({ screen }: { screen: MapScreen }) {
  return (
    <Authenticated>
      <DraftScreen screen={screen} />
    </Authenticated>
  );
}

/** The zone colour 'r,g,b,alpha' as a CSS colour without its alpha (the fill has its own, 0.3). */
export const rgbOf = (color: string) => {
  const [r, g, b] = color.split(',').map((x) => Number(x));
  return [r, g, b].every((x) => Number.isFinite(x)) ? `rgb(${r},${g},${b})` : '#1971C2';
};
