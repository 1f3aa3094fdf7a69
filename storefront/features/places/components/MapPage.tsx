import 'leaflet/dist/leaflet.css';
import '../map.css';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, Polygon, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from '../../../lib/router';
import Icon from '../../../components/Icon';
import Loader from '../../../components/Loader';
import { getShopConfig } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { coordsText, MAX_SEARCH_LENGTH, MOVE_SECONDS, START_ZOOM, zoneColour, zoneOf, type LatLon } from '../mapApi';
import {
  mapCentreSettled,
  mapLeft,
  mapOpened,
  mapPointConfirmed,
  mapSearchTyped,
  mapSuggestionChosen,
  mapSuggestionsToggled,
  selectMapPage,
} from '../mapPageSlice';
import { useLaterPageTitle } from '../../seo/public';

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** The zones are a light tint here (the customer reads the streets through them); the border shows the edge. */
const ZONE_FILL_OPACITY = 0.12;

/** Tells the store where the map's centre settled: at the start and after every move. */
function CentreWatcher() {
  const dispatch = useDispatch();
  const map = useMap();
  const report = () => {
    const c = map.getCenter().wrap();
    dispatch(mapCentreSettled([round6(c.lat), round6(c.lng)]));
  };
  useMapEvents({ moveend: report });
  useEffect(() => {
    report();
    // Leaflet measures its box once: follow the page's size (rotation, the keyboard, the side panel).
    const box = map.getContainer();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    observer?.observe(box);
    return () => observer?.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

/** Moves the map to a chosen suggestion (zoom 17, a 300 ms move). */
function MoveTo() {
  const map = useMap();
  const { moveTo } = useSelector(selectMapPage);
  useEffect(() => {
    if (moveTo) map.flyTo([moveTo.lat, moveTo.lon], moveTo.zoom, { duration: MOVE_SECONDS });
  }, [moveTo, map]);
  return null;
}

/** The search box over the map: suggestions 1 s after typing, in a drop list (arrows, Enter, Escape). */
function MapSearch() {
  const t = useT();
  const dispatch = useDispatch();
  const { search } = useSelector(selectMapPage);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const open = search.open && search.suggestions.length > 0;

  useEffect(() => setActive(-1), [search.suggestions]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (box.current && !box.current.contains(e.target as Node)) dispatch(mapSuggestionsToggled(false));
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, dispatch]);

  const choose = (i: number) => {
    const e = search.suggestions[i];
    if (e) dispatch(mapSuggestionChosen(e));
  };

  return (
    <div className="map-search" ref={box}>
      <Icon name="search" size={20} className="map-search__icon" />
      <input
        className="search-input map-search__input"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_SEARCH_LENGTH}
        value={search.text}
        placeholder={t('map.search_placeholder')}
        aria-label={t('map.search_label')}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls="map-suggestions"
        aria-activedescendant={open && active >= 0 ? `map-suggestion-${active}` : undefined}
        onChange={(e) => dispatch(mapSearchTyped(e.target.value.slice(0, MAX_SEARCH_LENGTH)))}
        onFocus={() => dispatch(mapSuggestionsToggled(true))}
        onKeyDown={(e) => {
          if (e.key === 'Escape') dispatch(mapSuggestionsToggled(false));
          else if (open && e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % search.suggestions.length);
          } else if (open && e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a <= 0 ? search.suggestions.length - 1 : a - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (open) choose(active >= 0 ? active : 0);
          }
        }}
      />
      {search.pending && <span className="search__spinner map-search__spinner" role="status" aria-label={t('common.loading')} />}
      {open && (
        <ul id="map-suggestions" className="search-drop map-search__drop" role="listbox" aria-label={t('map.suggestions')}>
          {search.suggestions.map((s, i) => (
            <li
              key={`${s.address}|${s.lat}|${s.lon}`}
              id={`map-suggestion-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'map-search__option map-search__option--active' : 'map-search__option'}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              <Icon name="search" size={16} />
              <span>{s.address}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The pin over the map's centre: its tip is the chosen point (an inline SVG, no Leaflet marker images). */
function CentrePin() {
  return (
    <div className="map-pin" aria-hidden="true">
      <svg width="36" height="48" viewBox="0 0 36 48">
        <path d="M18 47C18 47 3 28.5 3 17.5a15 15 0 0 1 30 0C33 28.5 18 47 18 47z" className="map-pin__body" />
        <circle cx="18" cy="17.5" r="6" className="map-pin__dot" />
      </svg>
      <span className="map-pin__shadow" />
    </div>
  );
}

function AddressMap({ start }: { start: LatLon }) {
  const { places } = useSelector(selectMapPage);
  const tiles = getShopConfig().MAP_TILES_URL || DEFAULT_TILES;
  const osm = /openstreetmap\.(org|fr|de)/.test(tiles);
  return (
    <MapContainer center={start} zoom={START_ZOOM} className="map-page__leaflet" zoomControl>
      <TileLayer url={tiles} attribution={osm ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' : undefined} />
      {places.map((p) => {
        const zone = zoneOf(p);
        if (!zone.length) return null;
        const colour = zoneColour(p);
        return <Polygon key={p.id} positions={zone} interactive={false} pathOptions={{ color: colour, fillColor: colour, fillOpacity: ZONE_FILL_OPACITY, weight: 2 }} />;
      })}
      <CentreWatcher />
      <MoveTo />
    </MapContainer>
  );
}

function MapScreen() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const map = useSelector(selectMapPage);
  // Opened from the order form, it starts at its heading and search box, not at the form's scroll position.
  useScrollTop(null);

  useEffect(() => {
    dispatch(mapOpened());
    return () => {
      dispatch(mapLeft());
    };
  }, [dispatch]);

  const address = map.resolved?.address || (map.centre && !map.resolving ? coordsText(map.centre) : '');
  const outside = map.geo === '0';
  const ready = !!map.centre && !map.resolving && !outside;

  return (
    <div className="map-page">
      <h1 className="map-page__title">{t('map.title')}</h1>
      <MapSearch />
      <div className="map-page__map" role="region" aria-label={t('map.map_label')}>
        {map.start ? <AddressMap start={map.start} /> : <Loader />}
        <CentrePin />
      </div>
      <div className="map-page__panel">
        <p className="map-page__address" aria-live="polite">
          {map.resolving || !map.centre ? <span className="map-page__muted">{t('map.finding')}</span> : <strong>{address}</strong>}
        </p>
        {outside ? (
          <p className="map-page__error" role="alert">
            {t('map.no_delivery')}
          </p>
        ) : (
          <p className="map-page__hint">{t('map.hint')}</p>
        )}
        <button
          type="button"
          className="button button--wide map-page__here"
          disabled={!ready}
          onClick={() => {
            dispatch(mapPointConfirmed());
            navigate(-1);
          }}
        >
          {t('map.here')}
        </button>
      </div>
    </div>
  );
}

/**
 * /map: the customer picks the delivery point. The point is the map's centre under a fixed pin; a search
 * box suggests addresses (api=geocode q); where the map stops, its address (api=geocode ll) and the delivery
 * zone check (api=geo_check) show; 'Я здесь' stores {address, coords} and goes back to the order.
 * Without a previous page (a deep link) it goes to /, as the seed says.
 */
export default function MapPage() {
  useLaterPageTitle();
  const location = useLocation();
  if (location.key === 'default') return <Navigate to="/" replace />;
  return <MapScreen />;
}
