import type { Shortage } from '@/features/shortages/types';

function normalize(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Client-side text filter over product name, barcode, creator, unit and observation (accent/case-insensitive). */
export function filterShortagesByText(shortages: readonly Shortage[], text: string): readonly Shortage[] {
  const terms = normalize(text).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return shortages;
  return shortages.filter((s) => {
    const haystack = normalize(
      `${s.product?.name ?? ''} ${s.product?.barcode ?? ''} ${s.creatorName} ${s.unitName ?? ''} ${s.observation ?? ''} ${s.groupName ?? ''}`,
    );
    return terms.every((term) => haystack.includes(term));
  });
}
