/**
 * Puts sanitised HTML (email templates) into a live element. The page's Content-Security-Policy
 * refuses inline styles (docs/decisions/0011-security-internet-facing.md), and email HTML styles
 * everything inline. Even an inert parse (DOMParser, a template) reports each `style` attribute as a
 * violation, so the attributes are renamed before parsing and applied afterwards through the CSSOM,
 * which the policy allows. Nothing is executed: a parsed document runs no script, and the HTML was
 * sanitised by the server.
 */
const STYLE_HOLDER = 'data-inline-style';
/** A `style` attribute inside a start tag, as the HTML tokenizer would see it. */
const STYLE_ATTRIBUTE = /(<[a-z][^<>]*?\s)style(\s*=)/gi;

export function replaceWithHtml(target: Element, html: string): void {
  let renamed = html;
  // A tag may carry more than one match per pass only through overlapping text, so repeat until stable.
  for (let previous = ''; previous !== renamed;) {
    previous = renamed;
    renamed = renamed.replace(STYLE_ATTRIBUTE, `$1${STYLE_HOLDER}$2`);
  }
  const parsed = new DOMParser().parseFromString(renamed, 'text/html');
  const styled = Array.from(parsed.body.querySelectorAll<HTMLElement>(`[${STYLE_HOLDER}]`), (el) => {
    const css = el.getAttribute(STYLE_HOLDER) ?? '';
    el.removeAttribute(STYLE_HOLDER);
    return { el, css };
  });
  const doc = target.ownerDocument;
  // Copied first: adopting a node takes it out of the live child list.
  const nodes = Array.from(parsed.body.childNodes);
  target.replaceChildren(...nodes.map((node) => doc.adoptNode(node)));
  for (const { el, css } of styled) el.style.cssText = css;
}
