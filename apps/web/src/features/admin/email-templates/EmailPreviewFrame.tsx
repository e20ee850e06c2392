import { useEffect, useRef } from 'react';
import { replaceWithHtml } from '../../../lib/inert-html';

/**
 * The sanitised email as a mail client would show it. The frame runs no script (no `allow-scripts`);
 * `allow-same-origin` only lets this page write the HTML into it, through the CSSOM for inline
 * styles, because a `srcdoc` frame would inherit the page's policy and lose every inline style.
 */
export function EmailPreviewFrame({ html }: { html: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const body = frameRef.current?.contentDocument?.body;
    if (body) replaceWithHtml(body, html);
  }, [html]);
  return (
    <iframe
      ref={frameRef}
      title="Email preview"
      sandbox="allow-same-origin"
      className="h-[32rem] w-full rounded-md border border-sand bg-white"
    />
  );
}
