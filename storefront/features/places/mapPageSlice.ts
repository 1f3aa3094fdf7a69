import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { RESULT_ZOOM, samePoint, type GeocodeEntry, type LatLon, type MapPlace } from './mapApi';

/** The /map page's state (loaded with the page: feature.ts); the chosen point itself is in mapSlice.ts. */

/** The address of the map's centre, as the geocoder answered (address '' when it knows none). */
export interface ResolvedCentre {
  centre: LatLon;
  address: string;
  house: string;
}

export interface MapSearch {
  text: string;
  suggestions: GeocodeEntry[];
  open: boolean;
  /** A suggestion request is waiting (the 1 s pause or the call). */
  pending: boolean;
  /** The customer typed since the last address was shown (the input is theirs until they pick or leave). */
  editing: boolean;
}

export interface MapPageState {
  /** The /map page: where it starts ('loading' while the places are fetched). */
  status: 'idle' | 'loading' | 'failed';
  start: LatLon | null;
  /** The places' delivery zones drawn on the map. */
  places: MapPlace[];
  /** Where the map's centre settled last. */
  centre: LatLon | null;
  resolved: ResolvedCentre | null;
  resolving: boolean;
  /** api=geo_check of the centre: '1' inside a delivery zone, '0' outside, null not known (yet). */
  geo: '1' | '0' | null;
  search: MapSearch;
  /** A move the map should make (a chosen suggestion); seq tells moves apart. */
  moveTo: { lat: number; lon: number; zoom: number; seq: number } | null;
  /** 'Я здесь' was pressed on this visit (leaving otherwise clears the point, as the seed says). */
  confirmed: boolean;
}

const emptySearch: MapSearch = { text: '', suggestions: [], open: false, pending: false, editing: false };

export const mapPageSlice = createSlice({
  name: 'mapPage',
  initialState: (): MapPageState => ({
    status: 'idle',
    start: null,
    places: [],
    centre: null,
    resolved: null,
    resolving: false,
    geo: null,
    search: emptySearch,
    moveTo: null,
    confirmed: false,
  }),
  reducers: {
    /** /map opened: a fresh visit (the start centre comes from the saga). */
    mapOpened(state) {
      state.status = 'loading';
      state.start = null;
      state.centre = null;
      state.resolved = null;
      state.resolving = false;
      state.geo = null;
      state.search = emptySearch;
      state.moveTo = null;
      state.confirmed = false;
    },
    mapStarted(state, action: PayloadAction<{ start: LatLon; places: MapPlace[] }>) {
      state.status = 'idle';
      state.start = action.payload.start;
      state.places = action.payload.places;
    },
    mapLeft(state) {
      state.status = 'idle';
      state.search = emptySearch;
    },
    /** The map stopped moving with its centre here. */
    mapCentreSettled(state, action: PayloadAction<LatLon>) {
      if (samePoint(state.centre, action.payload)) return;
      state.centre = action.payload;
      state.resolving = true;
      state.geo = null;
    },
    mapAddressResolved(state, action: PayloadAction<ResolvedCentre>) {
      if (!samePoint(state.centre, action.payload.centre)) return;
      state.resolved = action.payload;
      state.resolving = false;
      // The input shows the centre's address unless the customer is typing in it.
      if (!state.search.editing && action.payload.address) state.search.text = action.payload.address;
    },
    mapAddressFailed(state, action: PayloadAction<LatLon>) {
      if (!samePoint(state.centre, action.payload)) return;
      state.resolved = { centre: action.payload, address: '', house: '' };
      state.resolving = false;
    },
    mapZoneChecked(state, action: PayloadAction<{ centre: LatLon; geo: '1' | '0' | null }>) {
      if (samePoint(state.centre, action.payload.centre)) state.geo = action.payload.geo;
    },
    mapSearchTyped(state, action: PayloadAction<string>) {
      state.search.text = action.payload;
      state.search.editing = true;
      state.search.pending = action.payload.trim() !== '';
      if (!state.search.pending) {
        state.search.suggestions = [];
        state.search.open = false;
      }
    },
    mapSuggestionsLoaded(state, action: PayloadAction<{ text: string; suggestions: GeocodeEntry[] }>) {
      if (action.payload.text !== state.search.text) return;
      state.search.pending = false;
      state.search.suggestions = action.payload.suggestions;
      state.search.open = action.payload.suggestions.length > 0;
    },
    /** No suggestions to ask for, or asking failed: the list hides (the seed logs the failure only). */
    mapSuggestionsFailed(state) {
      state.search.pending = false;
      state.search.suggestions = [];
      state.search.open = false;
    },
    mapSuggestionsToggled(state, action: PayloadAction<boolean>) {
      state.search.open = action.payload && state.search.suggestions.length > 0;
    },
    mapSuggestionChosen(state, action: PayloadAction<GeocodeEntry>) {
      const e = action.payload;
      state.search = { ...emptySearch, text: e.address };
      state.moveTo = { lat: e.lat, lon: e.lon, zoom: RESULT_ZOOM, seq: (state.moveTo?.seq ?? 0) + 1 };
    },
    /** 'Я здесь': the saga stores the point and goes back. */
    mapPointConfirmed(state) {
      state.confirmed = true;
    },
  },
});

export const {
  mapOpened,
  mapStarted,
  mapLeft,
  mapCentreSettled,
  mapAddressResolved,
  mapAddressFailed,
  mapZoneChecked,
  mapSearchTyped,
  mapSuggestionsLoaded,
  mapSuggestionsFailed,
  mapSuggestionsToggled,
  mapSuggestionChosen,
  mapPointConfirmed,
} = mapPageSlice.actions;
export const selectMapPage = (s: { mapPage: MapPageState }) => s.mapPage;
