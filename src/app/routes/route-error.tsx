import AlertOctagon from 'lucide-react/icons/octagon-exclamation-point';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

/** Any unhandled routing error (spec §8). */
export function RouteErrorFallback() {
  const error = useRouteError();
  // A page's code that could not be downloaded (the connection dropped) is said as such.
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isNetworkError(error)
      ? NETWORK_ERROR_MESSAGE
      : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <AlertOctagon aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-lg text-sm text-muted-foreground">{detail}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Ir para o início
        </Button>
      </div>
    </div>
  );
}
