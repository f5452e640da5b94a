/**
 * Vitest global setup for the `integration` project: starts the real local
 * backend twice, for the app's own project (supabase/) and for the backend
 * conformance fixture project, and hands their coordinates to tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { dumpSchema } from '../../scripts/lib/schema-dump.ts';
import { REPO_ROOT, startBackend, type BackendInfo, type StartedBackend } from './backend.ts';
import { startModelStub } from './model-stub.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    appBackend: BackendInfo;
    conformanceBackend: BackendInfo;
    /** The schema dump of the app's live database, taken before any test adds fixtures to it. */
    liveSchemaDump: string;
    /** The stand-in model endpoint the app's ai-chat function is configured with (tests/utils/model-stub.ts). */
    modelStubUrl: string;
  }
}

function info(backend: StartedBackend): BackendInfo {
  const { apiUrl, anonKey, serviceRoleKey, dbUrl, jwtSecret, dataDir } = backend;
  return { apiUrl, anonKey, serviceRoleKey, dbUrl, jwtSecret, dataDir };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // ai-chat's optional model, as its secrets configure it on a hosted project, pointed at a local stand-in.
  const stub = await startModelStub();
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), 'functions-secrets-'));
  const secretsFile = path.join(secretsDir, '.env');
  writeFileSync(secretsFile, `AI_CHAT_MODEL_URL=${stub.url}/v1\nAI_CHAT_MODEL_KEY=chave-de-teste\nAI_CHAT_MODEL=modelo-de-teste\nAI_CHAT_MODEL_TIMEOUT_MS=3000\n`);
  const results = await Promise.allSettled([
    startBackend({ projectDir: path.join(REPO_ROOT, 'supabase'), env: { LOCAL_SUPABASE_FUNCTIONS_ENV_FILE: secretsFile } }),
    startBackend({ projectDir: path.join(REPO_ROOT, 'tests/fixtures/conformance-project/supabase') }),
  ]);
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((backend) => backend.stop()));
    await stub.close();
    throw failure.reason;
  }
  const [app, conformance] = started as [StartedBackend, StartedBackend];
  project.provide('appBackend', info(app));
  project.provide('conformanceBackend', info(conformance));
  project.provide('modelStubUrl', stub.url);
  const db = new pg.Client({ connectionString: app.dbUrl });
  await db.connect();
  try {
    project.provide('liveSchemaDump', await dumpSchema(db));
  } finally {
    await db.end();
  }
  return async () => {
    await Promise.all([app.stop(), conformance.stop()]);
    await stub.close();
    rmSync(secretsDir, { recursive: true, force: true });
  };
}
