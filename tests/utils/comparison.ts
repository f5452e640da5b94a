/**
 * get_batch_comparison's offers as objects, for tests that read them by name: the document sends each item's offers
 * as rows of its offer_columns, an offer's `quote` being the position of its quote in `quotes` (migration
 * 20261210000000). Each object gets the quote's id as quote_id.
 */
export interface ComparisonDocument {
  offer_columns: string[];
  quotes: { id: string }[];
  items: { shortage_id: string; offers: unknown[][] }[];
}

export function offersOf(document: ComparisonDocument, shortageId: string): (Record<string, unknown> & { quote_id: string })[] {
  const item = document.items.find((candidate) => candidate.shortage_id === shortageId);
  if (!item) throw new Error(`item ${shortageId} not in the comparison`);
  return item.offers.map((row) => {
    if (row.length !== document.offer_columns.length) throw new Error(`an offer of ${row.length} fields for ${document.offer_columns.length} columns`);
    const offer = Object.fromEntries(document.offer_columns.map((column, index) => [column, row[index]]));
    const quote = document.quotes[offer.quote as number];
    if (!quote) throw new Error(`an offer of quote ${String(offer.quote)}, not in the document`);
    return { ...offer, quote_id: quote.id };
  });
}
