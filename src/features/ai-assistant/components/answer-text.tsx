/**
 * An assistant answer as formatted text: paragraphs, bold, lists, tables and links, from the small Markdown the
 * ai-chat function writes (react-markdown, which renders no raw HTML). Links open internal routes only, in the app;
 * anything else (an external address, a script URL) is shown as plain text; images are never shown.
 */
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router-dom';

/** A path of this app: one leading slash (not '//host'). */
const INTERNAL = /^\/(?!\/)/;

const components: Components = {
  a: ({ href, children }) =>
    href && INTERNAL.test(href) ? (
      <Link to={href} className="font-medium text-primary underline underline-offset-2">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto rounded-md border">
      <table className="w-full border-collapse text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b bg-muted/60 px-2 py-1 text-left font-medium whitespace-nowrap">{children}</th>,
  td: ({ children }) => <td className="border-b px-2 py-1 align-top">{children}</td>,
  em: ({ children }) => <em className="text-xs text-muted-foreground not-italic">{children}</em>,
};

export function AnswerText({ text }: { text: string }) {
  return (
    <div className="text-sm leading-relaxed break-words">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        urlTransform={(url) => (INTERNAL.test(url) ? url : '')}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
