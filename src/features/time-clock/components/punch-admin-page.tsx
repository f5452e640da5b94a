import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUrlTab } from '@/hooks/use-url-tab';
import { formatCount } from '@/lib/dates';
import { usePendingPunchRequestCount } from '@/features/time-clock/api/count-pending-punch-requests';
import { useLiveTreatment } from '@/features/time-clock/api/live-treatment';
import { ClosingTab } from '@/features/time-clock/components/closing-tab';
import { RequestsTab } from '@/features/time-clock/components/requests-tab';
import { ConsentsTab, TermTab } from '@/features/time-clock/components/term-admin-tabs';
import { TimesheetsTab } from '@/features/time-clock/components/timesheets-tab';

/** The tabs of /ponto/admin, as `?aba=` names them ('Termo LGPD' is the default, without a parameter). */
const PUNCH_ADMIN_TABS = ['termo', 'consentimentos', 'espelhos', 'solicitacoes', 'fechamento'] as const;
type PunchAdminTab = (typeof PUNCH_ADMIN_TABS)[number];

/**
 * /ponto/admin (ADMIN): the LGPD term and its consents, every employee's treated month ('Espelhos'), the employees'
 * adjustment requests ('Solicitações') and the monthly closing ('Fechamento'). The open tab lives in the URL (`?aba=`), so a
 * link or a reload lands on it; switching tabs drops the other tabs' parameters.
 */
export function PunchAdminPage() {
  const [tab, select] = useUrlTab<PunchAdminTab>(PUNCH_ADMIN_TABS, 'termo');
  const pending = usePendingPunchRequestCount();
  useLiveTreatment();

  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Meu Ponto (Admin)</h1>
        <p className="text-sm text-muted-foreground">Administração do Ponto Digital: termo LGPD, espelhos tratados, solicitações e fechamento do mês.</p>
      </div>
      <Tabs value={tab} onValueChange={select} className="min-w-0">
        {/* Five tabs do not fit a phone in one line: they wrap instead of widening the page. */}
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit *:h-8 *:flex-none">
          <TabsTrigger value="termo">Termo LGPD</TabsTrigger>
          <TabsTrigger value="consentimentos">Consentimentos</TabsTrigger>
          <TabsTrigger value="espelhos">Espelhos</TabsTrigger>
          <TabsTrigger value="solicitacoes">
            Solicitações
            {pending.data ? (
              <Badge variant="destructive" className="px-1.5" aria-label={formatCount(pending.data, 'pendente', 'pendentes')}>
                {pending.data}
              </Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="fechamento">Fechamento</TabsTrigger>
        </TabsList>
        <TabsContent value="termo">
          <TermTab />
        </TabsContent>
        <TabsContent value="consentimentos">
          <ConsentsTab />
        </TabsContent>
        <TabsContent value="espelhos" className="min-w-0">
          <TimesheetsTab />
        </TabsContent>
        <TabsContent value="solicitacoes" className="min-w-0">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="fechamento" className="min-w-0">
          <ClosingTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
