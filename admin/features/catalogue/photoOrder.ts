import type { PhotoValue } from './PhotosInput';

/**
 * The pictures' order the owner arranged, as stored ids, to send after a save (PUT /rest/offers/:id/images);
 * null when the server's order already is it. The save keeps the stored pictures in their order and puts
 * the new uploads after them, in the order they were picked; the form may have them anywhere.
 */
export function arrangedOrder(form: PhotoValue[], saved: { id: string }[]): string[] | null {
  const kept = new Set(form.filter((p) => !p.rawFile && p.id).map((p) => String(p.id)));
  const uploaded = saved.map((i) => String(i.id)).filter((id) => !kept.has(id));
  let next = 0;
  const order = form.map((p) => (p.rawFile ? uploaded[next++] : String(p.id)));
  // Something the save did not keep (a picture past the limit): leave the server's order.
  if (order.length !== saved.length || order.some((id) => id === undefined)) return null;
  return order.join('\u0000') === saved.map((i) => String(i.id)).join('\u0000') ? null : order;
}
