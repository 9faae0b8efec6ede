/**
 * The studio's source editor: CodeMirror 6, in a chunk of its own that only the studio loads (and each language in
 * one more: HTML with its CSS, or markdown). The document follows `value` when it changes from outside (a saved
 * or reverted template, a fixture file reloaded by --watch) without reporting that as an edit; the render's errors
 * and warnings are marked on their lines (@codemirror/lint). Colours come from the page's palette, so both themes
 * read well.
 */
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Annotation, Compartment, EditorState, type Extension, type Text } from '@codemirror/state';
import { tags } from '@lezer/highlight';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface EditorMark {
  line: number | null;
  column: number | null;
  message: string;
  severity: 'error' | 'warning';
}

export interface SourceEditorProps {
  value: string;
  language: 'html' | 'markdown';
  marks: EditorMark[];
  /** The accessible name of the editing area. */
  label: string;
  /** Ids of elements describing it (the problems list). */
  describedBy?: string;
  onChange: (value: string) => void;
}

/** Marks a change that came from `value`, not from the user. */
const external = Annotation.define<boolean>();

const highlight = HighlightStyle.define([
  { tag: [tags.tagName, tags.keyword], color: 'light-dark(#6d28d9, #c4b5fd)' },
  { tag: [tags.attributeName, tags.propertyName], color: 'light-dark(#9a3412, #fdba74)' },
  { tag: [tags.attributeValue, tags.string], color: 'light-dark(#166534, #86efac)' },
  { tag: [tags.comment, tags.meta], color: 'light-dark(#57606a, #9ca3af)', fontStyle: 'italic' },
  { tag: [tags.heading], fontWeight: 'bold', color: 'light-dark(#1e40af, #93c5fd)' },
  { tag: [tags.link, tags.url], color: 'light-dark(#1d4ed8, #93c5fd)', textDecoration: 'underline' },
  { tag: [tags.emphasis], fontStyle: 'italic' },
  { tag: [tags.strong], fontWeight: 'bold' },
  { tag: [tags.number, tags.atom, tags.bool], color: 'light-dark(#0e7490, #67e8f9)' },
  { tag: [tags.angleBracket, tags.processingInstruction, tags.punctuation], color: 'light-dark(#4b5563, #a1a8b5)' },
  { tag: tags.invalid, color: 'light-dark(#b91c1c, #fca5a5)' },
]);

const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
  '.cm-content': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '13px',
    caretColor: 'var(--fg)',
  },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg-soft)',
    color: 'var(--fg-muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'light-dark(#f3f4ff, #1c2030)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--bg-hover)', color: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'light-dark(#c7d2fe, #3b4270) !important',
  },
  '.cm-selectionMatch': { backgroundColor: 'light-dark(#e0e7ff, #2e3357)' },
  '.cm-matchingBracket': { backgroundColor: 'light-dark(#d1fae5, #1f3d33)', outline: 'none' },
  '.cm-tooltip': { backgroundColor: 'var(--bg)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--accent-fg)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
  '.cm-panels': { backgroundColor: 'var(--bg-soft)', color: 'var(--fg)' },
  '.cm-foldPlaceholder': {
    backgroundColor: 'var(--bg-soft)',
    color: 'var(--fg-muted)',
    border: '1px solid var(--border)',
  },
});

export default function SourceEditor({ value, language, marks, label, describedBy, onChange }: SourceEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment()).current;
  const attributesSlot = useRef(new Compartment()).current;
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  // The editor is created once, from the first render's props and compartments; the effects below carry later
  // changes into it.
  const initial = useRef({ value, label, describedBy, languageSlot, attributesSlot });

  useEffect(() => {
    const first = initial.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: first.value,
        extensions: [
          basicSetup,
          lintGutter(),
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          first.languageSlot.of([]),
          first.attributesSlot.of(attributes(first.label, first.describedBy)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.some((transaction) => transaction.annotation(external) === true)) return;
            latestChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor === null) return;
    const current = editor.state.doc.toString();
    if (current === value) return;
    editor.dispatch({ changes: { from: 0, to: current.length, insert: value }, annotations: external.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: attributesSlot.reconfigure(attributes(label, describedBy)) });
  }, [attributesSlot, label, describedBy]);

  useEffect(() => {
    let current = true;
    const load: Promise<Extension> =
      language === 'markdown'
        ? import('@codemirror/lang-markdown').then((m) => m.markdown())
        : import('@codemirror/lang-html').then((m) => m.html());
    void load.then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.reconfigure(extension) });
    });
    return () => {
      current = false;
    };
  }, [language, languageSlot]);

  useEffect(() => {
    const editor = view.current;
    if (editor === null) return;
    editor.dispatch(
      setDiagnostics(
        editor.state,
        marks.map((mark) => diagnostic(editor.state.doc, mark)),
      ),
    );
  }, [marks]);

  return <div ref={host} className="source-editor" />;
}

/**
 * The editing area's name and description. An explicit tabindex: a contenteditable is focusable anyway, but axe
 * counts only a tabindex as keyboard access to the scroller around it (scrollable-region-focusable).
 */
function attributes(label: string, describedBy: string | undefined): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    tabindex: '0',
    ...(describedBy === undefined ? {} : { 'aria-describedby': describedBy }),
  });
}

/** A mark at its line and column (counted from 1 in the text the server rendered), clamped to the document. */
function diagnostic(doc: Text, mark: EditorMark): Diagnostic {
  const line = doc.line(Math.min(Math.max(mark.line ?? 1, 1), doc.lines));
  const from = mark.column === null ? line.from : line.from + Math.min(Math.max(mark.column - 1, 0), line.length);
  const to = mark.column === null ? line.to : Math.min(from + 1, line.to);
  return { from, to: Math.max(to, from), severity: mark.severity, message: mark.message, source: 'render' };
}
