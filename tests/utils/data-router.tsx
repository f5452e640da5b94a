/**
 * Renders a component under a data router (createMemoryRouter), which screens using react-router's
 * useBlocker (UnsavedChangesGuard) need. The router is made once per wrapper instance, so a
 * `rerender(inDataRouter(next))` updates the screen in place instead of remounting it.
 */
import { createContext, use, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

const Screen = createContext<ReactNode>(null);

function CurrentScreen() {
  return use(Screen);
}

function DataRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: <CurrentScreen /> }]));
  return (
    <Screen value={children}>
      <RouterProvider router={router} />
    </Screen>
  );
}

export function inDataRouter(ui: ReactNode) {
  return <DataRouter>{ui}</DataRouter>;
}
