import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface QrCodeProps {
  value: string;
  /** The image's accessible name. */
  label: string;
  /** What to say when the code cannot be drawn. */
  errorText: string;
  className?: string;
}

/**
 * A QR code of `value`, drawn by the `qrcode` package (loaded with the first code shown) as a
 * 640 px PNG shown at up to 18rem: dark modules on white with the quiet zone around them, in light
 * and dark themes alike, so a phone camera reads it from the screen or from paper.
 */
export function QrCode({ value, label, errorText, className }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; url: string | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 4, width: 640, color: { dark: '#000000', light: '#ffffff' } }))
      .then((url) => !cancelled && setDrawn({ value, url }))
      .catch(() => !cancelled && setDrawn({ value, url: null }));
    return () => {
      cancelled = true;
    };
  }, [value]);

  const current = drawn?.value === value ? drawn : null;
  if (!current) return <Skeleton className={cn('aspect-square w-full max-w-72 rounded-lg', className)} />;
  if (!current.url)
    return (
      <p role="alert" className={cn('text-sm text-destructive', className)}>
        {errorText}
      </p>
    );
  return (
    <img
      src={current.url}
      alt={label}
      width={288}
      height={288}
      className={cn('aspect-square w-full max-w-72 rounded-lg border bg-white [image-rendering:pixelated]', className)}
    />
  );
}
