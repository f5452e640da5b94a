import { DAY_TONE_FILL } from '@/features/boleto-report/components/chart-colors';
import { DAY_TONE_LABELS, type DayTone } from '@/features/boleto-report/logic';

const TONES: readonly DayTone[] = ['overdue', 'today', 'upcoming'];

/** What the chart's colours mean (outside the lazy chart, so it shows while recharts loads). */
export function TimelineLegend() {
  return (
    <ul aria-label="Legenda do gráfico" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {TONES.map((tone) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm print:[print-color-adjust:exact]" style={{ backgroundColor: DAY_TONE_FILL[tone] }} />
          {DAY_TONE_LABELS[tone]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-3 border-l-2 border-dashed border-foreground" />
        Hoje
      </li>
    </ul>
  );
}
