/**
 * The section's markdown in CodeMirror 6: markdown mode, line wrapping, undo history, the standard keymaps
 * and search (Ctrl/Cmd+F). The parent can insert text at the cursor and read the selection, and reveal a range
 * (selected and scrolled into view: the Figures and Pre-read panels' way to a sentence). Read-only for a Final
 * report (not editable, and announced so).
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { commonmarkLanguage, markdownKeymap, pasteURLAsLink } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import { EditorSelection, Prec } from '@codemirror/state';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorView, keymap, placeholder as placeholderExt } from '@codemirror/view';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef } from 'react';

/** A range of the text to select and scroll into view. */
export interface Reveal {
  from: number;
  to: number;
}

export interface MarkdownEditorHandle {
  /** inserts at the cursor (replacing the selection), then focuses the editor */
  insert(text: string): void;
  /** the selected text and where it is, or null */
  selection(): { from: number; to: number; text: string } | null;
  /** replaces a range (an accepted AI rewrite of a selection) */
  replace(from: number, to: number, text: string): void;
  focus(): void;
}

export const MarkdownEditor = forwardRef<
  MarkdownEditorHandle,
  {
    value: string;
    onChange: (value: string) => void;
    label: string;
    placeholder: string;
    onSave: () => void;
    readOnly?: boolean;
    /** a range to select and scroll to (a new object each time it is asked) */
    reveal?: Reveal | null;
  }
>(function MarkdownEditor({ value, onChange, label, placeholder, onSave, readOnly = false, reveal = null }, ref) {
  const cm = useRef<ReactCodeMirrorRef>(null);
  const saveRef = useRef(onSave);
  useEffect(() => {
    saveRef.current = onSave;
  }, [onSave]);
  // a reveal asked before the view exists (the section was just switched to) is shown once it is created
  const shown = useRef<Reveal | null>(null);
  const show = useCallback(
    (view: EditorView | undefined) => {
      if (!view || !reveal || shown.current === reveal) return;
      shown.current = reveal;
      const length = view.state.doc.length;
      const from = Math.min(reveal.from, length);
      const to = Math.min(Math.max(reveal.to, from), length);
      view.dispatch({ selection: EditorSelection.single(from, to), effects: EditorView.scrollIntoView(from, { y: 'center' }) });
      view.focus();
    },
    [reveal],
  );
  useEffect(() => show(cm.current?.view), [show]);

  useImperativeHandle(ref, () => ({
    insert(text) {
      const view = cm.current?.view;
      if (!view) return;
      const { from, to } = view.state.selection.main;
      view.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length } });
      view.focus();
    },
    selection() {
      const view = cm.current?.view;
      if (!view) return null;
      const { from, to } = view.state.selection.main;
      return to > from ? { from, to, text: view.state.sliceDoc(from, to) } : null;
    },
    replace(from, to, text) {
      const view = cm.current?.view;
      if (!view) return;
      view.dispatch({ changes: { from, to, insert: text } });
    },
    focus() {
      cm.current?.view?.focus();
    },
  }));

  const extensions = useMemo(
    () => [
      // markdown() without its HTML-in-markdown support: that pulled the HTML, CSS and JavaScript parsers and
      // autocompletion into the editor's chunk (about a third of it) for markup the report never renders
      new LanguageSupport(commonmarkLanguage, [pasteURLAsLink, Prec.high(keymap.of(markdownKeymap))]),
      EditorView.lineWrapping,
      history(),
      highlightSelectionMatches(),
      placeholderExt(placeholder),
      // the placeholder's default grey is too faint on white (WCAG AA asks 4.5:1): slate-500 is 4.8:1
      EditorView.theme({ '.cm-placeholder': { color: '#64748b' } }),
      EditorView.contentAttributes.of({ 'aria-label': label, ...(readOnly ? { 'aria-readonly': 'true' } : {}) }),
      keymap.of([
        {
          key: 'Mod-s',
          preventDefault: true,
          run: () => {
            saveRef.current();
            return true;
          },
        },
        ...defaultKeymap,
        ...historyKeymap,
        ...searchKeymap,
        indentWithTab,
      ]),
    ],
    [label, placeholder, readOnly],
  );

  return (
    <CodeMirror
      ref={cm}
      value={value}
      onChange={onChange}
      onCreateEditor={(view) => show(view)}
      extensions={extensions}
      basicSetup={false}
      // a Final report: the text is read, selected and searched, never changed
      editable={!readOnly}
      readOnly={readOnly}
      minHeight="24rem"
      maxHeight="70vh"
      className="overflow-hidden rounded-md border border-slate-300 text-sm focus-within:ring-2 focus-within:ring-sky-600"
      data-testid="markdown-editor"
    />
  );
});
