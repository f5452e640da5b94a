import { test as setup } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, storageStatePath } from './fixtures.ts';

for (const account of DEMO_ACCOUNTS) {
  setup(`sign in as ${account.email}`, async ({ page }) => {
    await signIn(page, account.email);
    // The run's own session file (e2e/.auth/<E2E_BACKEND_PORT>/ when that port is set).
    await page.context().storageState({ path: storageStatePath(account.key) });
  });
}
