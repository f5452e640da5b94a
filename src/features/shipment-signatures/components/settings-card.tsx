import { zodResolver } from '@hookform/resolvers/zod';
import { Timer } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSignatureSettings } from '@/features/shipment-signatures/api/get-signature-settings';
import { useSetSignatureLinkHours } from '@/features/shipment-signatures/api/set-signature-link-hours';
import { describeLinkHours, LINK_HOURS_MAX, LINK_HOURS_MIN } from '@/features/shipment-signatures/logic';
import { linkHoursSchema, type LinkHoursValues } from '@/features/shipment-signatures/schemas';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';

/** ADMIN only: how long new signing links last (1 to 720 hours). */
export function SettingsCard() {
  const settings = useSignatureSettings();
  return (
    <section aria-labelledby="signature-settings-title" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid gap-1">
        <h2 id="signature-settings-title" className="flex items-center gap-2 font-semibold">
          <Timer aria-hidden="true" className="size-4 text-primary" /> {signatureMessages.settingsTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{signatureMessages.settingsDescription}</p>
      </div>
      {settings.isError ? (
        <LoadError message={signatureMessages.settingsLoadError} detail={signatureErrorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        // Remounted with the saved value: the field always starts from what the database holds.
        <HoursForm key={settings.data.signature_link_hours} hours={settings.data.signature_link_hours} />
      ) : (
        <Skeleton className="h-9 w-64" />
      )}
    </section>
  );
}

function HoursForm({ hours }: { hours: number }) {
  const id = useId();
  const save = useSetSignatureLinkHours();
  const form = useForm<LinkHoursValues>({ resolver: zodResolver(linkHoursSchema), defaultValues: { hours: String(hours) } });
  const error = form.formState.errors.hours?.message;
  const submit = form.handleSubmit((values) => save.mutate(Number(values.hours)));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-start gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-hours`}>{signatureMessages.settingsLabel}</Label>
        <Input
          id={`${id}-hours`}
          type="number"
          inputMode="numeric"
          min={LINK_HOURS_MIN}
          max={LINK_HOURS_MAX}
          step={1}
          className="w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          {...form.register('hours')}
        />
        {error ? (
          <p id={`${id}-message`} className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${id}-message`} className="text-xs text-muted-foreground">
            {signatureMessages.settingsHint} Atual: {describeLinkHours(hours)}.
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" className="sm:mt-6" disabled={save.isPending || !form.formState.isDirty}>
        {save.isPending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
        {signatureMessages.settingsSave}
      </Button>
    </form>
  );
}
