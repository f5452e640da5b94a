import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SCHEDULE_TABS, type ScheduleTab } from '@/features/schedules/logic';
import { useUrlTab } from '@/hooks/use-url-tab';
import { AssignmentsTab } from '@/features/schedules/components/assignments-tab';
import { HolidaysTab } from '@/features/schedules/components/holidays-tab';
import { OpeningHoursTab } from '@/features/schedules/components/opening-hours-tab';
import { TemplatesTab } from '@/features/schedules/components/templates-tab';

/** /gestao-horarios (ADMIN): employees' schedules with history, templates, holidays and units' opening hours; the tab lives in the URL. */
export function ScheduleManagementPage() {
  const [tab, select] = useUrlTab<ScheduleTab>(SCHEDULE_TABS, 'escalas');

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Gestão de Horários</h1>
        <p className="text-sm text-muted-foreground">Escalas dos funcionários, modelos de jornada, feriados e horário de funcionamento das unidades.</p>
      </div>
      <Tabs value={tab} onValueChange={select} className="min-w-0">
        <div className="max-w-full overflow-x-auto">
          <TabsList>
            <TabsTrigger value={'escalas' satisfies ScheduleTab}>Escalas</TabsTrigger>
            <TabsTrigger value={'modelos' satisfies ScheduleTab}>Modelos</TabsTrigger>
            <TabsTrigger value={'feriados' satisfies ScheduleTab}>Feriados</TabsTrigger>
            <TabsTrigger value={'funcionamento' satisfies ScheduleTab}>Funcionamento</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="escalas" className="min-w-0">
          <AssignmentsTab />
        </TabsContent>
        <TabsContent value="modelos" className="min-w-0">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="feriados" className="min-w-0">
          <HolidaysTab />
        </TabsContent>
        <TabsContent value="funcionamento" className="min-w-0">
          <OpeningHoursTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
