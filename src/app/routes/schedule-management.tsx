import { ScheduleManagementPage } from '@/features/schedules/components/schedule-management-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /gestao-horarios (ADMIN only, spec §6): schedules, templates, holidays and opening hours. */
export default function ScheduleManagementRoute() {
  useDocumentTitle('Gestão de Horários');
  return <ScheduleManagementPage />;
}
