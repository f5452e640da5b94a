/**
 * This browser's device id: a random UUID kept in localStorage, the same for the signed-in app and the
 * public signature page (one origin). The staff app sends it when it dispatches a shipment or makes
 * its signature link; the public page sends it when signing; the database compares them and flags a
 * signature made in the sender's own browser. The id proves nothing by itself: it only lets the
 * database notice the same browser (an absent or cleared id simply means no comparison).
 */

const STORAGE_KEY = 'farmacia.device-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id this browser already has, or null (none yet, storage blocked). Never creates one. */
export function existingDeviceId(): string | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored && UUID.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The id of this browser, created on first use (null when storage is blocked). */
export function deviceId(): string | null {
  const existing = existingDeviceId();
  if (existing) return existing;
  try {
    const created = randomUuid();
    window.localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    return null;
  }
}
