import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import LinkIcon from 'lucide-react/icons/link';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button';
import { PageShell, Section } from '@/features/public-signing/components/page-shell';

interface MessageViewProps {
  message: string;
  /** 'link': the invalid-link message, alone (no shipment, no form). */
  tone: 'link' | 'error';
  onRetry?: (() => void) | undefined;
}

/** A single message in place of the shipment: an invalid link, or a failure to load with 'Tentar novamente'. */
export function MessageView({ message, tone, onRetry }: MessageViewProps) {
  const Icon = tone === 'link' ? LinkIcon : CircleAlert;
  return (
    <PageShell>
      <Section>
        <div className="flex items-start gap-3" role="alert">
          <Icon aria-hidden="true" className={tone === 'link' ? 'mt-0.5 size-5 shrink-0 text-muted-foreground' : 'mt-0.5 size-5 shrink-0 text-destructive'} />
          <p className="leading-relaxed">{message}</p>
        </div>
        {onRetry ? (
          <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Tentar novamente
          </Button>
        ) : null}
      </Section>
    </PageShell>
  );
}
