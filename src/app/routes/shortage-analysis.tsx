import { ModuleUnavailable } from '@/components/layouts/module-unavailable';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';

/** Placeholder until this screen's module lands (replace this file). */
export default function ShortageAnalysisRoute() {
  return <ModuleUnavailable title={titleForPath(paths.shortageAnalysis)} />;
}
