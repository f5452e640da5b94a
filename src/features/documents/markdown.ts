/**
 * The documents' formatted text: a small Markdown subset (paragraphs, **bold**, *italic*, lists
 * with '- ' or '1. ', headings with '## ', links [text](https://…)) parsed into a tree that
 * components/markdown-view.tsx turns into React elements. Nothing here ever becomes HTML: a
 * '<script>' typed by a publisher is text, and a link that is not https (javascript:, data:, http:)
 * keeps only its words.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3; children: Inline[] }
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** The href of a link we show, or null: only absolute https addresses (no javascript:, data:, relative paths). */
export function safeHref(href: string): string | null {
  // Control characters and spaces can hide a scheme from a reader ('java\tscript:').
  for (const char of href) if (char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

/** [text](address), the address allowed one level of parentheses (Wikipedia-style links). */
const LINK = /^\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;

/** The inline marks of one line of text. */
export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let index = 0;
  while (index < text.length) {
    if (text.startsWith('**', index)) {
      const close = text.indexOf('**', index + 2);
      if (close > index + 2) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(text.slice(index + 2, close)) });
        index = close + 2;
        continue;
      }
    } else if (text[index] === '*' && text[index + 1] !== ' ' && text[index + 1] !== undefined) {
      const close = text.indexOf('*', index + 1);
      if (close > index + 1 && text[close - 1] !== ' ') {
        flush();
        nodes.push({ type: 'em', children: parseInline(text.slice(index + 1, close)) });
        index = close + 1;
        continue;
      }
    } else if (text[index] === '[') {
      const match = LINK.exec(text.slice(index));
      if (match) {
        flush();
        const children = parseInline(match[1] ?? '');
        const href = safeHref(match[2] ?? '');
        if (href) nodes.push({ type: 'link', href, children });
        else nodes.push(...children);
        index += match[0].length;
        continue;
      }
    }
    buffer += text[index];
    index += 1;
  }
  flush();
  return nodes;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** The blocks of a document's body, top to bottom. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const close = () => {
    if (paragraph) blocks.push({ type: 'paragraph', lines: paragraph });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items });
    paragraph = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ type: 'heading', level: (heading[1]?.length ?? 2) >= 3 ? 3 : 2, children: parseInline(heading[2] ?? '') });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph || (list && list.ordered !== ordered)) close();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(item[1] ?? ''));
      continue;
    }
    if (list) close();
    paragraph ??= [];
    paragraph.push(parseInline(line.trim()));
  }
  close();
  return blocks;
}
