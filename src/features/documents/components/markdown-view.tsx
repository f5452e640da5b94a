import { Fragment } from 'react';
import { parseMarkdown, type Inline } from '@/features/documents/markdown';
import { cn } from '@/lib/utils';

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return (
          <strong key={index} className="font-semibold">
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer" className="break-words text-primary underline underline-offset-2">
            <InlineNodes nodes={node.children} />
          </a>
        );
    }
  });
}

/**
 * A document's formatted text as React elements (see markdown.ts): never HTML from the text, so
 * whatever a publisher typed between angle brackets shows as the characters they typed.
 */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className={cn('grid min-w-0 gap-3 text-sm leading-relaxed break-words', className)}>
      {blocks.map((block, index) => {
        if (block.type === 'heading')
          return block.level === 2 ? (
            <h3 key={index} className="pt-1 text-base font-semibold">
              <InlineNodes nodes={block.children} />
            </h3>
          ) : (
            <h4 key={index} className="font-semibold">
              <InlineNodes nodes={block.children} />
            </h4>
          );
        if (block.type === 'list') {
          const items = block.items.map((item, itemIndex) => (
            <li key={itemIndex}>
              <InlineNodes nodes={item} />
            </li>
          ));
          return block.ordered ? (
            <ol key={index} className="ml-5 list-decimal space-y-1">
              {items}
            </ol>
          ) : (
            <ul key={index} className="ml-5 list-disc space-y-1">
              {items}
            </ul>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <InlineNodes nodes={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
