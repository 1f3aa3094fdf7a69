import type { ComponentType } from 'react';
import { Navigate, Route } from 'react-router';

/** A feature's routes from a table of path → screen; a path given as a string is an old one leading there. */
export const screenRoutes = (table: Record<string, ComponentType | string>) =>
  Object.entries(table).map(([path, Screen]) => <Route key={path} path={path} element={typeof Screen === 'string' ? <Navigate to={Screen} replace /> : <Screen />} />);
