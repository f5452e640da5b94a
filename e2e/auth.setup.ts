import { test as setup } from '@playwright/test';
import { authStatePath } from './config.ts';
import { DEMO_ACCOUNTS, signIn, storageStatePath } from './fixtures.ts';

for (const account of DEMO_ACCOUNTS) {
  setup(`sign in as ${account.email}`, async ({ page }) => {
    await signIn(page, account.email);
    // The run's own session file (e2e/.auth/<E2E_BACKEND_PORT>/ when that port is set).
    const paths = new Set([authStatePath(account.key)]);
    // Specs read sessions through fixtures.ts's storageStatePath; while that still names the shared
    // e2e/.auth/<key>.json, the session is saved there as well so those specs keep working.
    paths.add(storageStatePath(account.key));
    for (const path of paths) await page.context().storageState({ path });
  });
}
