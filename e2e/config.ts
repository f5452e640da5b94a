import { fileURLToPath } from 'node:url';

/** Ports of the e2e run (the app on 4173, its own backend on 54421/54422). */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54421);
export const BACKEND_INFO_FILE = fileURLToPath(new URL('./.auth/backend.json', import.meta.url));
export const DEMO_PASSWORD = 'Farmacia@2026';
