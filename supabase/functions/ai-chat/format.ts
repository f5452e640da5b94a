/**
 * How ai-chat writes figures and tables in its answers: pt-BR numbers, money and São Paulo dates, and a small
 * Markdown subset the panel renders (paragraphs, **bold**, pipe tables, internal links). Text that came from the
 * data (product, batch and supplier names, notes) is escaped so it can never become markup or a link.
 *
 * Pure TypeScript without imports: the edge function (Deno) and the unit tests (Node) load the same file.
 */

const TIME_ZONE = 'America/Sao_Paulo';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? 'sem dados' : money.format(value).replace(/\u00a0/g, ' ');
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? 'sem dados' : number.format(value);
}

/** A ratio (0.25 → 25 %); a zero denominator arrives as null: 'sem dados', never 0 %. */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? 'sem dados' : percent.format(value).replace(/\u00a0/g, ' ');
}

/** An instant as São Paulo date and 24-hour time (dd/MM/yyyy HH:mm). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'sem data';
  return dateTime.format(new Date(iso)).replace(',', '');
}

/** A calendar day (yyyy-MM-dd) as dd/MM/yyyy. */
export function formatDay(isoDay: string): string {
  return dateOnly.format(new Date(`${isoDay}T12:00:00Z`));
}

/** How long ago `iso` was, at `now`, in days or hours ('há 3 dias', 'há 5 horas'). */
export function formatAge(iso: string, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 3_600_000));
  if (hours < 24) return hours <= 1 ? 'há 1 hora' : `há ${hours} horas`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

/** The São Paulo day of an instant (yyyy-MM-dd). */
export function saoPauloDay(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return parts;
}

/**
 * Data text made inert: Markdown's special characters and table pipes are escaped, line breaks become spaces and
 * the text is cut to `max` characters. A name can hold "[x](https://…)" or "**"; it stays plain text.
 */
export function escapeText(text: string | null | undefined, max = 120): string {
  if (!text) return '';
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  // ':' too, so a URL in a name is not turned into a link by GFM's autolinks.
  return cut.replace(/([\\`*_[\]()<>#|!~:])/g, '\\$1');
}

/** An internal link (a path of this app: starts with one '/'); anything else is written as plain text. */
export function link(label: string, path: string): string {
  if (!/^\/[a-z0-9-]/.test(path) || path.startsWith('//')) return escapeText(label);
  return `[${escapeText(label)}](${path})`;
}

/** A pipe table: header cells and rows of already-escaped cells. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
