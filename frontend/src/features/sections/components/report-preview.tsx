/**
 * The report as the reader will see it: markdown (GFM tables) through the one remark plugin of the report
 * dialect, sanitized before rendering (no raw HTML, no script, no javascript: links). Citations become
 * numbered superscripts that show their quote and source on hover or focus and open the passage on click;
 * visuals `![caption](visual:id)` are drawn by `renderVisual` (a labelled box until one is given).
 *
 * The markdown's components are one constant set, and what they draw with (the citations, the visual renderer)
 * comes through a context: components made anew on each render are new component types to React, which would
 * unmount and mount every citation button whenever the citations change (an auto-save's answer), taking the
 * keyboard focus from the button the reader is on.
 */
import { createContext, memo, useContext, useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { prepareMarkdown, remarkAssay, reportSanitizeSchema } from '@shared/domain/report/markdown';
import { citationKeysIn } from '@shared/domain/report/citations';
import { editorTexts } from '@shared/messages/editor';
import type { Citation } from '@shared/schemas/report-document';
import { useCitationReader } from './citation-reader';

const t = editorTexts;

export type VisualRenderer = (id: string, caption: string) => ReactNode;

function VisualBox({ caption }: { caption: string }) {
  return (
    <span role="img" aria-label={t.visualPlaceholder(caption)} className="my-3 block rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-600" data-testid="visual-placeholder">
      {t.visualPlaceholder(caption)}
    </span>
  );
}

function CitationMark({ id, n, citation }: { id: string; n: number; citation: Citation | undefined }) {
  const reader = useCitationReader();
  const label = citation ? t.citationTitle(n, citation.source_title ?? 'evidence', citation.quote) : t.citationMissing(id);
  return (
    <sup className="citation">
      <button
        type="button"
        className="group relative mx-0.5 rounded px-0.5 font-semibold text-sky-800 underline decoration-dotted underline-offset-2 hover:bg-sky-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
        aria-label={label}
        data-testid="preview-citation"
        data-citation={id}
        disabled={!citation}
        onClick={() => citation && reader.open(citation)}
      >
        {n}
        <span role="tooltip" className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-1 w-72 -translate-x-1/2 rounded-md bg-slate-900 p-2 text-left text-xs font-normal text-white opacity-0 shadow-lg group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100">
          {label}
        </span>
      </button>
    </sup>
  );
}

/** Citation numbers across the sections in order: the first citation of the report is 1. */
export function reportNumbering(sections: readonly { content: string }[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const s of sections) for (const id of citationKeysIn(s.content)) if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
  return numbers;
}

interface PreviewParts {
  citations: ReadonlyMap<string, Citation>;
  renderVisual?: VisualRenderer;
}

const PreviewPartsContext = createContext<PreviewParts>({ citations: new Map() });

function CitationSup({ id, n }: { id: string; n: number }) {
  const { citations } = useContext(PreviewPartsContext);
  return <CitationMark id={id} n={n} citation={citations.get(id)} />;
}

function VisualSpan({ id, caption }: { id: string; caption: string }) {
  const { renderVisual } = useContext(PreviewPartsContext);
  return renderVisual ? <>{renderVisual(id, caption)}</> : <VisualBox caption={caption} />;
}

const COMPONENTS: Components = {
  sup: ({ node, children }) => {
    const props = (node?.properties ?? {}) as { dataCitation?: string; dataN?: number | string };
    if (!props.dataCitation) return <sup>{children}</sup>;
    return <CitationSup id={props.dataCitation} n={Number(props.dataN)} />;
  },
  span: ({ node, children }) => {
    const props = (node?.properties ?? {}) as { dataVisual?: string; dataCaption?: string };
    if (!props.dataVisual) return <span>{children}</span>;
    return <VisualSpan id={props.dataVisual} caption={String(props.dataCaption ?? '')} />;
  },
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

const REHYPE = [[rehypeSanitize, reportSanitizeSchema]] as never;

export const SectionPreview = memo(function SectionPreview({
  content,
  citations,
  numbers,
  renderVisual,
}: {
  content: string;
  citations: ReadonlyMap<string, Citation>;
  numbers?: ReadonlyMap<string, number>;
  renderVisual?: VisualRenderer;
}) {
  const prepared = useMemo(() => prepareMarkdown(content), [content]);
  const plugins = useMemo(() => [remarkGfm, [remarkAssay, { numbers: numbers ?? new Map() }]] as never, [numbers]);
  const parts = useMemo(() => ({ citations, renderVisual }), [citations, renderVisual]);
  return (
    <PreviewPartsContext.Provider value={parts}>
      <div className="prose-report">
        <Markdown remarkPlugins={plugins} rehypePlugins={REHYPE} components={COMPONENTS}>
          {prepared}
        </Markdown>
      </div>
    </PreviewPartsContext.Provider>
  );
});
