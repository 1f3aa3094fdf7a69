import { Navigate, useParams } from 'react-router';
import { createElement } from 'react';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { ResourceDefinition } from '../buildResource';

/**
 * Places (REST /rest/places) live at the seed's own paths: /place_settings (the list 'Настройка мест') and
 * /place_settings/place/{id} (the editor with its address and zone maps, admin/screens/places). The
 * resource stays registered for its name in references (an order's place) and its old paths lead there.
 */
const ToEditor = () => createElement(Navigate, { to: `/place_settings/place/${useParams().id ?? 'new'}`, replace: true });
const ToNew = () => createElement(Navigate, { to: '/place_settings/place/new', replace: true });

export const places: ResourceDefinition = {
  name: 'places',
  edit: ToEditor,
  create: ToNew,
  icon: PlaceOutlined,
  recordRepresentation: 'name',
};
