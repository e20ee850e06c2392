import { useEffect, useId, useRef, useState } from 'react';
import { replaceWithHtml } from '../../../lib/inert-html';

type Command = { label: string; title: string; run: () => void };

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** CSS height of the editing area (the spec: 500). */
  height?: number;
}

/**
 * A small HTML editor: a contentEditable area with bold, italic, heading, list and link, and an
 * HTML source toggle. The server sanitises the HTML it stores.
 */
export function RichTextEditor({ label, value, onChange, height = 500 }: RichTextEditorProps) {
  const labelId = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);

  // Keep the editing area in step with outside changes without moving the caret while typing.
  useEffect(() => {
    const el = areaRef.current;
    if (el && el.innerHTML !== value) replaceWithHtml(el, value);
  }, [value, source]);

  const exec = (command: string, arg?: string) => {
    areaRef.current?.focus();
    // execCommand is deprecated but still the only built-in way to format a contentEditable selection.
    document.execCommand(command, false, arg);
    onChange(areaRef.current?.innerHTML ?? '');
  };
  const commands: Command[] = [
    { label: 'B', title: 'Bold', run: () => exec('bold') },
    { label: 'I', title: 'Italic', run: () => exec('italic') },
    { label: 'H2', title: 'Heading', run: () => exec('formatBlock', 'h2') },
    { label: '• List', title: 'Bulleted list', run: () => exec('insertUnorderedList') },
    {
      label: 'Link',
      title: 'Link',
      run: () => {
        const url = window.prompt('Link address');
        if (url && /^(https?:|mailto:)/i.test(url.trim())) exec('createLink', url.trim());
      },
    },
  ];

  return (
    <div className="w-full">
      <span id={labelId} className="label">
        {label}
      </span>
      <div className="rounded-md border border-sand">
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap gap-1 border-b border-sand bg-cream p-1"
        >
          {commands.map((c) => (
            <button
              key={c.title}
              type="button"
              title={c.title}
              aria-label={c.title}
              disabled={source}
              className="btn-ghost px-2 py-1 text-xs font-semibold"
              onMouseDown={(e) => e.preventDefault()}
              onClick={c.run}
            >
              {c.label}
            </button>
          ))}
          <span className="flex-1" />
          <button
            type="button"
            aria-pressed={source}
            className="btn-ghost px-2 py-1 text-xs font-semibold"
            onClick={() => setSource((s) => !s)}
          >
            {source ? 'Visual' : 'HTML'}
          </button>
        </div>
        {source ? (
          <textarea
            aria-labelledby={labelId}
            className="block w-full resize-y bg-white p-3 font-mono text-xs outline-none"
            style={{ height }}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <div
            ref={areaRef}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            tabIndex={0}
            contentEditable
            suppressContentEditableWarning
            className="overflow-y-auto bg-white p-3 text-sm outline-none [&_a]:text-gold-800 [&_a]:underline [&_h2]:my-2 [&_h2]:text-xl [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5"
            style={{ height }}
            onInput={(e) => onChange(e.currentTarget.innerHTML)}
          />
        )}
      </div>
    </div>
  );
}
