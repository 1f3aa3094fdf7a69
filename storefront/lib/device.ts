import { readString, writeString } from './storage';

const DEVICE_KEY = 'device_id';

/**
 * A random id this browser keeps: anonymous orders are tied to it (api=orders `device_id`), so a customer
 * who has not signed in still finds the orders placed from this device.
 */
export function deviceId(): string {
  const known = readString(DEVICE_KEY);
  if (known && /^[A-Za-z0-9_-]{8,128}$/.test(known)) return known;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const id = 'web-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeString(DEVICE_KEY, id);
  return id;
}
