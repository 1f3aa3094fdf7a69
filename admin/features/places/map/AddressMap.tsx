import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslate } from 'react-admin';
import { useMap, useMapEvents } from 'react-leaflet';
import { Autocomplete, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import MyLocation from '@mui/icons-material/MyLocation';
import { EditorHeader } from '../../../components/EditorParts';
import { formatPoint, placeCentre, storeDraft, type LatLng, type PlaceDraft } from '../placeDraft';
import { CentrePin, MapBox, PlaceMapPage } from './mapParts';
import { geocodeAddress, reverseGeocode, suggestionLabel, type GeocodeHit, MAX_QUERY } from './geocode';

/** The seed's pause before a map search (1000 ms) and before naming the centre after a move. */
const SEARCH_DELAY = 1000;

/** Follows the map's centre; flies to a chosen suggestion. */
function CentreTracker({ onMove, flyTo }: { onMove: (c: LatLng, byUser: boolean) => void; flyTo: { point: LatLng; seq: number } | null }) {
  const map = useMap();
  const flying = useRef(false);
  useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      onMove([c.lat, c.lng], !flying.current);
      flying.current = false;
    },
  });
  useEffect(() => {
    if (!flyTo) return;
    flying.current = true;
    map.setView(flyTo.point, Math.max(map.getZoom(), 17));
  }, [flyTo, map]);
  return null;
}

function AddressMapScreen({ placeId, draft }: { placeId: string; draft: PlaceDraft }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [start] = useState<LatLng>(() => placeCentre(draft));
  const [centre, setCentre] = useState<LatLng>(start);
  const [address, setAddress] = useState(draft.address);
  const [naming, setNaming] = useState(false);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<GeocodeHit[]>([]);
  const [searching, setSearching] = useState(false);
  const [searchFailed, setSearchFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [flyTo, setFlyTo] = useState<{ point: LatLng; seq: number } | null>(null);
  const picked = useRef<string | null>(null);
  const editor = `/place_settings/place/${placeId}`;

  // Suggestions for the typed text, a second after the last keystroke.
  useEffect(() => {
    const q = query.trim();
    if (!q || q === picked.current) {
      setOptions([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      geocodeAddress(q, ctrl.signal).then(
        (hits) => {
          setOptions(hits);
          setSearchFailed(false);
          setSearching(false);
        },
        (e: Error) => {
          if (e.name === 'AbortError') return;
          setOptions([]);
          setSearchFailed(true);
          setSearching(false);
        },
      );
    }, SEARCH_DELAY);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [query]);

  // The address of the centre after the owner moved the map (a chosen suggestion names it already).
  const [namePoint, setNamePoint] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!namePoint) return;
    setNaming(true);
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      reverseGeocode(namePoint, ctrl.signal).then(
        (hit) => {
          setAddress(hit ? suggestionLabel(hit) : '');
          setNaming(false);
        },
        (e: Error) => {
          if (e.name === 'AbortError') return;
          setAddress('');
          setNaming(false);
        },
      );
    }, SEARCH_DELAY);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [namePoint]);

  const confirm = () => {
    storeDraft(placeId, { ...draft, address: address || formatPoint(centre), latitude: centre[0].toFixed(6), longitude: centre[1].toFixed(6) });
    navigate(editor);
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <EditorHeader title={translate('admin.maps.address_title')} back={editor} />
      <Autocomplete<GeocodeHit, false, false, true>
        freeSolo
        options={options}
        filterOptions={(o) => o}
        getOptionLabel={(o) => (typeof o === 'string' ? o : suggestionLabel(o))}
        inputValue={query}
        onInputChange={(_, v, reason) => {
          if (reason === 'reset') return;
          picked.current = null;
          setQuery(v.slice(0, MAX_QUERY));
          setOpen(true);
        }}
        onChange={(_, v) => {
          if (!v || typeof v === 'string') return;
          const label = suggestionLabel(v);
          picked.current = label;
          setQuery(label);
          setOptions([]);
          setAddress(label);
          setNamePoint(null);
          setFlyTo({ point: [v.lat, v.lon], seq: Date.now() });
        }}
        loading={searching}
        loadingText={translate('admin.editor.loading')}
        noOptionsText={translate(searchFailed ? 'admin.maps.search_failed' : 'admin.maps.nothing_found')}
        open={open && query.trim() !== '' && query.trim() !== picked.current}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('admin.maps.search')}
            helperText={searchFailed ? translate('admin.maps.search_failed') : undefined}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_QUERY } }}
          />
        )}
        sx={{ mb: 1.5 }}
      />
      <MapBox
        centre={start}
        zoom={draft.latitude ? 16 : 12}
        label={translate('admin.maps.address_title')}
        overlay={
          <>
            <CentrePin label={translate('admin.maps.centre')} />
            <Box sx={{ position: 'absolute', left: 8, right: 8, bottom: 24, zIndex: 1000, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', bgcolor: 'background.paper', borderRadius: 1, boxShadow: 2, p: 1 }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} aria-live="polite" data-testid="map-address">
                  {naming ? <CircularProgress size={12} sx={{ mr: 1 }} /> : null}
                  {address || translate('admin.maps.no_address')}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-testid="map-centre">
                  {formatPoint(centre)}
                </Typography>
              </Box>
              <Button variant="contained" startIcon={<MyLocation />} onClick={confirm}>
                {translate('admin.maps.here')}
              </Button>
            </Box>
          </>
        }
      >
        <CentreTracker
          flyTo={flyTo}
          onMove={(c, byUser) => {
            setCentre(c);
            if (byUser) {
              picked.current = null;
              setNamePoint(c);
            }
          }}
        />
      </MapBox>
    </Box>
  );
}

/** /map/{placeId}: the place's address: search with suggestions, a centre marker and 'Я здесь'. */
export default function AddressMap() {
  return <PlaceMapPage screen={AddressMapScreen} />;
}
