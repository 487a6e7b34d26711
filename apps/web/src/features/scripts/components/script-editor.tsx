import { useRef, type KeyboardEvent } from 'react';
import './script-editor.css';

const INDENT = '    ';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** 1-based line to mark (the line of the last error), if any. */
  errorLine?: number | null;
  readOnly?: boolean;
  label: string;
}

/** A plain monospace code editor: line numbers, Tab / Shift+Tab indent, no heavy editor bundle. */
export function ScriptEditor({ value, onChange, errorLine, readOnly, label }: Props) {
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = value.split('\n').length;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Tab' || readOnly) return;
    event.preventDefault();
    const area = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = area;
    const next = event.shiftKey ? outdent(value, start) : insertIndent(value, start, end);
    onChange(next.text);
    // Restore the caret after React has written the new value.
    requestAnimationFrame(() => area.setSelectionRange(next.caret, next.caret));
  };

  return (
    <div className="script-editor">
      <div className="script-editor-gutter" ref={gutter} aria-hidden>
        {Array.from({ length: lineCount }, (_, i) => (
          <div key={i} className={i + 1 === errorLine ? 'script-editor-error-line' : undefined}>
            {i + 1}
          </div>
        ))}
      </div>
      <textarea
        aria-label={label}
        className="script-editor-text"
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}

function insertIndent(text: string, start: number, end: number) {
  return { text: text.slice(0, start) + INDENT + text.slice(end), caret: start + INDENT.length };
}

/** Removes up to one indent level from the start of the caret's line. */
function outdent(text: string, caret: number) {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const leading = /^ {1,4}/.exec(text.slice(lineStart))?.[0].length ?? 0;
  return {
    text: text.slice(0, lineStart) + text.slice(lineStart + leading),
    caret: Math.max(lineStart, caret - leading),
  };
}
