import { isValidElement, type ReactNode } from 'react';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Equal as a chart's prop: the same value, or arrays of the same items (the same rows, or series written again). */
function samePropValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item: unknown, index) => {
    const other: unknown = b[index];
    if (Object.is(item, other)) return true;
    if (!isPlainObject(item) || !isPlainObject(other)) return false;
    const keys = Object.keys(item);
    return keys.length === Object.keys(other).length && keys.every((key) => Object.is(item[key], other[key]));
  });
}

/**
 * Whether `next` draws exactly what `drawn` drew: the same chart component with equal props (functions the same
 * ones). A screen renders again for reasons that change no chart (a refetch answering the same rows, a query's
 * fetching state), each time with new elements, often new series arrays and slices of the same rows; drawing every
 * chart again then cost 60–100 ms apiece for nothing. (A change of filters draws each chart once either way.)
 */
export function sameDrawing(drawn: ReactNode, next: ReactNode): boolean {
  if (Object.is(drawn, next)) return true;
  if (!isValidElement(drawn) || !isValidElement(next) || drawn.type !== next.type || drawn.key !== next.key) return false;
  const before = drawn.props as Record<string, unknown>;
  const after = next.props as Record<string, unknown>;
  const keys = Object.keys(before);
  return keys.length === Object.keys(after).length && keys.every((key) => samePropValue(before[key], after[key]));
}
