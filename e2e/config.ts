import { fileURLToPath } from 'node:url';

/** Ports of the e2e run (the app on 4173, its own backend on 54421/54422). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54421);
/**
 * Where a run keeps its backend status and saved sessions. The default run (no E2E_BACKEND_PORT) keeps using
 * e2e/.auth/; a run on its own backend port gets e2e/.auth/<port>/, so concurrent runs do not overwrite each
 * other's backend.json or sessions (each run's backend has its own JWT secret and users).
 */
export const AUTH_DIR = fileURLToPath(new URL(process.env.E2E_BACKEND_PORT ? `./.auth/${BACKEND_PORT}/` : './.auth/', import.meta.url));
export const BACKEND_INFO_FILE = `${AUTH_DIR}backend.json`;
/** The saved browser session (storage state) of a demo account in this run. */
export function authStatePath(key: string): string {
  return `${AUTH_DIR}${key}.json`;
}
export const DEMO_PASSWORD = 'Farmacia@2026';
