import type { ReactElement } from 'react';

/** The digest the server gives a part it leaves to the browser (entry-server.tsx; main.tsx does not report it). */
export const CLIENT_ONLY = 'client-only';

/**
 * A part only the browser can draw: what it shows lives on the device (the cart, favourites, the session).
 * On the server it throws inside its Suspense boundary, so React sends the boundary's fallback with the rest
 * of the page (the header, footer and menu: the page's real layout paints from the HTML) and the browser
 * draws the part itself while it hydrates the rest (React's "client-only content" pattern).
 */
export default function ClientOnly({ children }: { children: ReactElement }) {
  if (typeof document === 'undefined') throw Object.assign(new Error('drawn by the browser'), { digest: CLIENT_ONLY });
  return children;
}
