/**
 * The device token of this browser, once an administrator authorized it on /ponto/computadores. Only
 * this browser keeps it; the database keeps its SHA-256.
 */
const STORAGE_KEY = 'ponto-device-token';

export function readDeviceToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveDeviceToken(token: string): void {
  window.localStorage.setItem(STORAGE_KEY, token);
}
