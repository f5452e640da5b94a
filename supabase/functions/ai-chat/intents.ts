/**
 * ai-chat's built-in understanding of Portuguese purchasing questions: which tool answers a question, and the
 * period, supplier and product it names. No model, no network: the answer of record when no external model is
 * configured, and the fallback when one fails. Tolerates missing accents, capitals, punctuation, common typos
 * (one or two letters off in a longer word) and synonyms.
 *
 * Pure TypeScript without imports, so the edge function (Deno) and the unit tests (Node) load the same file.
 */

export type ToolName =
  | 'lotes_aguardando'
  | 'respostas_lote'
  | 'melhor_oferta'
  | 'economia_ultimo_preco'
  | 'ranking_fornecedores'
  | 'itens_sem_cotacao'
  | 'bonificacoes_substitutos'
  | 'historico_precos';

export const TOOL_NAMES: readonly ToolName[] = [
  'lotes_aguardando',
  'respostas_lote',
  'melhor_oferta',
  'economia_ultimo_preco',
  'ranking_fornecedores',
  'itens_sem_cotacao',
  'bonificacoes_substitutos',
  'historico_precos',
];

/** A period of São Paulo days, both ends included (yyyy-MM-dd). */
export interface Period {
  from: string;
  to: string;
  /** How the question said it, for the answer ('este mês', 'últimos 30 dias'…). */
  label: string;
}

export interface Intent {
  tool: ToolName;
  /** The period the question names, or null (the tool's default applies). */
  period: Period | null;
  /** The supplier the question names (one of the known names given), or null. */
  supplier: string | null;
  /** The product words the question names (historico_precos, melhor_oferta), or null. */
  product: string | null;
}

/** Lower case, no accents, letters, digits and single spaces only. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/** Damerau–Levenshtein distance (adjacent transpositions count one), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** The typos a word of this length may carry and still count: none under 5 letters, one up to 7, two from 8. */
function tolerance(word: string): number {
  if (word.length < 5) return 0;
  return word.length < 8 ? 1 : 2;
}

/**
 * Whether the question's words hold `term`: a stem ending in '*' matches any word starting with it (after the same
 * typo tolerance on the stem), a phrase of several words matches those words in a row.
 */
function holds(words: readonly string[], term: string): boolean {
  const parts = term.split(' ');
  const matchWord = (word: string, part: string): boolean => {
    if (part.endsWith('*')) {
      const stem = part.slice(0, -1);
      if (word.startsWith(stem)) return true;
      return word.length >= stem.length && editDistance(word.slice(0, stem.length), stem, tolerance(stem)) <= tolerance(stem);
    }
    return word === part || editDistance(word, part, tolerance(part)) <= tolerance(part);
  };
  for (let i = 0; i + parts.length <= words.length; i++) {
    if (parts.every((part, k) => matchWord(words[i + k]!, part))) return true;
  }
  return false;
}

/** Each tool's signals: terms and their weights. The tool with the highest total (at least 2) answers. */
const SIGNALS: Record<ToolName, readonly [string, number][]> = {
  lotes_aguardando: [
    ['lote*', 1],
    ['aguard*', 2],
    ['esperando', 2],
    ['espera', 1],
    ['em cotacao', 2],
    ['abert*', 1],
    ['pendent*', 1],
    ['parad*', 1],
    ['ha quanto tempo', 1],
    ['idade', 1],
    ['atrasad*', 1],
  ],
  respostas_lote: [
    ['respond*', 3],
    ['resposta*', 3],
    ['retorn*', 3],
    ['cotacoes recebidas', 3],
    ['recebi*', 1],
    ['enviaram', 2],
    ['mandaram', 2],
    ['falta* responder', 3],
    ['nao respond*', 3],
    ['quem falta', 2],
  ],
  melhor_oferta: [
    ['melhor preco', 3],
    ['menor preco', 3],
    ['mais barat*', 3],
    ['custo efetivo', 4],
    ['melhor oferta', 4],
    ['oferta mais vantajosa', 4],
    ['vantajos*', 2],
    ['mais vantajos*', 3],
    ['compensa', 2],
    ['vale mais a pena', 3],
    ['melhor fornecedor para', 2],
  ],
  economia_ultimo_preco: [
    ['economi*', 3],
    ['poupa*', 3],
    ['mais caro', 3],
    ['paguei mais', 3],
    ['pagamos mais', 3],
    ['ultimo preco', 3],
    ['ultima compra', 2],
    ['ultima vez', 2],
    ['aument*', 2],
    ['encareceu', 3],
    ['subiu', 2],
    ['saving*', 3],
  ],
  ranking_fornecedores: [
    ['ganhou', 3],
    ['ganharam', 3],
    ['venceu', 3],
    ['vencedor*', 2],
    ['vence mais', 3],
    ['ganha mais', 3],
    ['ranking', 3],
    ['taxa de vitoria', 4],
    ['taxa de acerto', 3],
    ['quem mais vend*', 3],
    ['valor ganho', 3],
    ['melhores fornecedores', 3],
    ['desempenho', 2],
    ['performance', 2],
  ],
  itens_sem_cotacao: [
    ['sem cotacao', 4],
    ['sem oferta', 4],
    ['sem preco', 3],
    ['ninguem cotou', 4],
    ['ninguem ofert*', 4],
    ['nao cotad*', 4],
    ['nao foram cotados', 4],
    ['sem resposta', 2],
    ['ficaram sem', 2],
  ],
  bonificacoes_substitutos: [
    ['bonifica*', 4],
    ['bonus', 3],
    ['brinde*', 3],
    ['substitut*', 4],
    ['similar*', 2],
    ['generico*', 2],
    ['troca de produto', 2],
    ['outro fabricante', 2],
  ],
  historico_precos: [
    ['historico', 4],
    ['evolucao', 3],
    ['quanto pag*', 3],
    ['preco* d*', 1],
    ['variacao', 2],
    ['ao longo do tempo', 2],
  ],
};

const MONTHS = ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function day(year: number, month: number, dayOfMonth: number): string {
  return `${year}-${pad(month)}-${pad(dayOfMonth)}`;
}

function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` calendar months before `isoDay` (the month's last day when it is shorter). */
function monthsBefore(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return day(year, month, Math.min(d, lastDayOf(year, month)));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The period a question names, relative to the São Paulo day `today` (yyyy-MM-dd), or null. */
export function extractPeriod(question: string, today: string): Period | null {
  const text = normalize(question);
  const [year, month] = today.split('-').map(Number) as [number, number, number];
  const lastN = /\bultim[oa]s? (\d{1,3}) (dias?|semanas?|mes|meses)\b/.exec(text);
  if (lastN) {
    const n = Number(lastN[1]);
    const unit = lastN[2]!;
    // Months are calendar months: the same day n months ago, plus one (12 months ending today, as the screens' preset).
    const days = unit.startsWith('dia') ? n : unit.startsWith('semana') ? n * 7 : daysBetween(monthsBefore(today, n), today);
    if (days >= 1 && days <= 1096) {
      const label = `últimos ${n} ${unit.startsWith('dia') ? (n === 1 ? 'dia' : 'dias') : unit.startsWith('semana') ? (n === 1 ? 'semana' : 'semanas') : n === 1 ? 'mês' : 'meses'}`;
      return { from: addDays(today, -(days - 1)), to: today, label };
    }
  }
  if (/\bhoje\b/.test(text)) return { from: today, to: today, label: 'hoje' };
  if (/\bontem\b/.test(text)) return { from: addDays(today, -1), to: addDays(today, -1), label: 'ontem' };
  if (/\b(essa|esta|nesta|nessa) semana\b/.test(text)) return { from: addDays(today, -6), to: today, label: 'últimos 7 dias' };
  if (/\b(mes passado|ultimo mes|mes anterior)\b/.test(text)) {
    const y = month === 1 ? year - 1 : year;
    const m = month === 1 ? 12 : month - 1;
    return { from: day(y, m, 1), to: day(y, m, lastDayOf(y, m)), label: 'mês passado' };
  }
  if (/\b(este|esse|neste|nesse|deste|desse) mes\b|\bmes atual\b|\bno mes\b/.test(text)) {
    return { from: day(year, month, 1), to: today, label: 'este mês' };
  }
  if (/\b(ano passado|ultimo ano)\b/.test(text)) return { from: day(year - 1, 1, 1), to: day(year - 1, 12, 31), label: 'ano passado' };
  if (/\b(12 meses|doze meses|um ano)\b/.test(text)) return { from: addDays(monthsBefore(today, 12), 1), to: today, label: 'últimos 12 meses' };
  if (/\b(este|esse|neste|nesse|deste|desse|do) ano\b|\bano atual\b/.test(text)) return { from: day(year, 1, 1), to: today, label: 'este ano' };
  const named = new RegExp(`\\b(${MONTHS.join('|')})(?: de (\\d{4}))?\\b`).exec(text);
  if (named) {
    const m = MONTHS.indexOf(named[1]!) + 1;
    // A month without a year: the latest one that has begun (in January, 'dezembro' is last year's).
    const y = named[2] ? Number(named[2]) : m <= month ? year : year - 1;
    const to = y === year && m === month ? today : day(y, m, lastDayOf(y, m));
    return { from: day(y, m, 1), to, label: `${named[1] === 'marco' ? 'março' : named[1]} de ${y}` };
  }
  const wholeYear = /\b(?:em|no ano de|ano de|durante|de) (20\d{2})\b/.exec(text);
  if (wholeYear && Number(wholeYear[1]) <= year) {
    const y = Number(wholeYear[1]);
    return { from: day(y, 1, 1), to: y === year ? today : day(y, 12, 31), label: String(y) };
  }
  return null;
}

/** The known supplier the question names: its whole name, or a distinctive word of it (typos tolerated). */
export function extractSupplier(question: string, suppliers: readonly string[]): string | null {
  // Doubled letters squeezed on both sides ('gamma' is 'gama'), as people double or drop them.
  const squeeze = (text: string) => text.replace(/([a-z])\1+/g, '$1');
  const words = squeeze(normalize(question)).split(' ');
  const generic = new Set(['distribuidora', 'distribuidor', 'farma', 'pharma', 'comercio', 'comercial', 'ltda', 'me', 'sa', 'de', 'da', 'do', 'dos', 'das', 'e', 'fornecedor']);
  let best: { name: string; score: number } | null = null;
  for (const name of suppliers) {
    const nameWords = squeeze(normalize(name)).split(' ').filter((word) => word.length >= 3 && !generic.has(word));
    if (nameWords.length === 0) continue;
    const matched = nameWords.filter((word) => holds(words, word)).length;
    if (matched === 0) continue;
    const score = matched / nameWords.length;
    if (!best || score > best.score) best = { name, score };
  }
  return best?.name ?? null;
}

/** Words that introduce a product in a question ('preço da dipirona', 'histórico de amoxicilina 500 mg'). */
const LEAD_WORDS = '(?:preco|precos|historico|evolucao|paguei|pagamos|pagou|custo|custou|compra|compras|oferta|ofertas|barato|barata)';
const PREPOSITIONS = '(?:pelo|pela|pelos|pelas|do|da|dos|das|de|no|na|nos|nas|em|para o|para a|para)';
const PRODUCT_LEAD = new RegExp(`\\b${LEAD_WORDS}\\b(?: (?:medio|media))?(?: ${PREPOSITIONS})? (.+)$`);
/** A lead repeated ('histórico de preço da dipirona'): stripped before the product. */
const ANOTHER_LEAD = new RegExp(`^${LEAD_WORDS}\\b(?: (?:medio|media))?(?: ${PREPOSITIONS}\\b)? ?`);

/** Words that end a product's name in a question (a period, a supplier, filler). */
const PRODUCT_END =
  /\b(?:nos|nas|no|na|em|neste|nesse|este|esse|desde|durante|ultimos?|ultimas?|hoje|ontem|mes|ano|semana|com|junto|ao longo|pela|pelo|por favor|\?)\b.*$/;

const NOT_PRODUCT = new Set([
  'efetivo', 'efetiva', 'custo', 'preco', 'precos', 'fornecedor', 'fornecedores', 'itens', 'item', 'lote', 'lotes',
  'cotacao', 'cotacoes', 'oferta', 'ofertas', 'compra', 'compras', 'mais', 'menos', 'barato', 'barata', 'caro', 'cara',
  'todos', 'todas', 'cada', 'geral', 'total', 'media', 'medio', 'unitario',
]);

/** The product words of a question (what follows 'preço do', 'histórico de'…), or null. */
export function extractProduct(question: string): string | null {
  const text = normalize(question);
  const match = PRODUCT_LEAD.exec(text);
  if (!match) return null;
  let rest = match[1]!;
  while (ANOTHER_LEAD.test(rest)) rest = rest.replace(ANOTHER_LEAD, '');
  rest = rest.replace(PRODUCT_END, '').trim();
  const words = rest.split(' ').filter((word) => word.length > 0 && !['o', 'a', 'os', 'as', 'um', 'uma', 'produto', 'por', 'para', 'de', 'do', 'da', 'dos', 'das'].includes(word));
  // Purchasing words are not a product ('melhor oferta em custo efetivo', 'preço dos itens').
  if (words.length === 0 || words.every((word) => NOT_PRODUCT.has(word))) return null;
  const product = words.slice(0, 6).join(' ');
  return product.length >= 3 ? product : null;
}

/**
 * The tool that answers `question`, with the period, supplier and product it names; null when no tool's signals
 * reach the threshold (the answer then lists what the assistant can answer). `today` is the São Paulo day.
 */
export function recognize(question: string, today: string, suppliers: readonly string[] = []): Intent | null {
  const words = normalize(question).split(' ').filter((word) => word.length > 0);
  if (words.length === 0) return null;
  let best: { tool: ToolName; score: number } | null = null;
  for (const tool of TOOL_NAMES) {
    const score = SIGNALS[tool].reduce((sum, [term, weight]) => sum + (holds(words, term) ? weight : 0), 0);
    if (score >= 2 && (!best || score > best.score)) best = { tool, score };
  }
  if (!best) return null;
  const product = best.tool === 'historico_precos' || best.tool === 'melhor_oferta' ? extractProduct(question) : null;
  return { tool: best.tool, period: extractPeriod(question, today), supplier: extractSupplier(question, suppliers), product };
}

/** What the assistant can answer, for a question it could not map (one line each, with an example). */
export const CAPABILITIES: readonly string[] = [
  'Lotes aguardando cotação e há quanto tempo — "quais lotes estão aguardando cotação?"',
  'Respostas dos fornecedores por lote — "quem ainda não respondeu?"',
  'Melhor preço e melhor custo efetivo por item — "qual a melhor oferta em custo efetivo?"',
  'Economia contra o último preço pago — "onde paguei mais caro que da última vez?"',
  'Taxa de vitória e valor ganho por fornecedor — "quem ganhou mais este mês?"',
  'Itens sem cotação — "quais itens ficaram sem cotação?"',
  'Bonificações e substitutos oferecidos — "quais bonificações foram oferecidas?"',
  'Histórico de preços de um produto — "histórico de preço da dipirona"',
];
