import Eraser from 'lucide-react/icons/eraser';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@/components/ui/button';
import { SIGNATURE_PNG_MAX_LENGTH } from '@/features/public-signing/logic';

export interface SignatureBoardHandle {
  isEmpty: () => boolean;
  /** The drawing as a PNG data URL on a white background (scaled down if it would pass the server's limit). */
  toPng: () => string;
  /** Scrolls the board into view (a canvas cannot take the keyboard focus a field error would move to). */
  reveal: () => void;
}

interface SignatureBoardProps {
  ref?: Ref<SignatureBoardHandle>;
  label: string;
  hint: string;
  labelId: string;
  describedBy?: string | undefined;
  invalid: boolean;
  disabled?: boolean;
  /** Called after each stroke and after 'Limpar', with whether the board is now empty. */
  onChange: (empty: boolean) => void;
}

const INK = 'rgb(15, 23, 42)';
const PAPER = 'rgb(255, 255, 255)';

/**
 * The drawn signature (signature_pad). The canvas is sized to its CSS box times the device pixel ratio, so strokes
 * are sharp on phones, and redrawn from its points whenever that box or the ratio changes (rotation, zoom).
 * The board is white paper with dark ink in both themes: the stored PNG must read the same everywhere.
 */
export function SignatureBoard({ ref, label, hint, labelId, describedBy, invalid, disabled = false, onChange }: SignatureBoardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: INK, backgroundColor: PAPER, minWidth: 0.7, maxWidth: 2.6 });
    padRef.current = pad;

    let drawn = { width: 0, height: 0, ratio: 0 };
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (width === 0 || (width === drawn.width && height === drawn.height && ratio === drawn.ratio)) return;
      drawn = { width, height, ratio };
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.redraw(); // the points are kept in CSS pixels: the drawing survives the resize
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    window.addEventListener('resize', resize);

    const strokeEnded = () => onChangeRef.current(pad.isEmpty());
    pad.addEventListener('endStroke', strokeEnded);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', strokeEnded);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () => {
        const canvas = canvasRef.current;
        const pad = padRef.current;
        if (!canvas || !pad) return '';
        const full = pad.toDataURL('image/png');
        if (full.length <= SIGNATURE_PNG_MAX_LENGTH) return full;
        // A large, dense drawing on a 3× screen: send it at 1× (still legible), not a refusal.
        const copy = document.createElement('canvas');
        copy.width = canvas.offsetWidth;
        copy.height = canvas.offsetHeight;
        const context = copy.getContext('2d');
        if (!context) return full;
        context.fillStyle = PAPER;
        context.fillRect(0, 0, copy.width, copy.height);
        context.drawImage(canvas, 0, 0, copy.width, copy.height);
        return copy.toDataURL('image/png');
      },
      reveal: () => canvasRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    }),
    [],
  );

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(true);
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-3">
        <div className="grid gap-1">
          <span id={labelId} className="text-sm font-medium">
            {label}
          </span>
          <span className="text-xs text-muted-foreground">{hint}</span>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={disabled}>
          <Eraser aria-hidden="true" />
          Limpar
        </Button>
      </div>
      <div
        className={
          invalid
            ? 'relative overflow-hidden rounded-lg border-2 border-destructive bg-white'
            : 'relative overflow-hidden rounded-lg border-2 border-dashed border-input bg-white'
        }
      >
        <canvas
          ref={canvasRef}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="block h-44 w-full cursor-crosshair touch-none sm:h-52"
        />
        {/* The line to sign on, under the ink (pointer events go to the canvas). */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 bottom-9 border-b border-slate-300" />
        <span aria-hidden="true" className="pointer-events-none absolute bottom-3 left-6 text-xs text-slate-500">
          Assine acima da linha
        </span>
      </div>
    </div>
  );
}
