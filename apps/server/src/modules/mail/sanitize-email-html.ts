import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for email HTML (templates when saved and every mail when rendered): the tags and
 * presentational attributes email clients understand, tables, images over https only, and inline CSS
 * limited to safe properties with plain values (no url(), expression() or javascript:). Scripts, style
 * blocks, event handlers, forms and iframes are removed.
 */
const SAFE_VALUE = /^(?!.*(?:url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:))[-#%.,'"()/\w\s!]+$/i;

const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'width',
  'max-width',
  'min-width',
  'height',
  'max-height',
  'display',
  'overflow',
  'opacity',
] as const;

const allowedStyles = {
  '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]])),
};

const TABLE_ATTRIBUTES = [
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'center',
    'font',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'role', 'title', 'class'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: TABLE_ATTRIBUTES,
    tr: TABLE_ATTRIBUTES,
    td: [...TABLE_ATTRIBUTES, 'colspan', 'rowspan'],
    th: [...TABLE_ATTRIBUTES, 'colspan', 'rowspan', 'scope'],
    col: ['width', 'span'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], a: ['https', 'mailto'] },
  allowProtocolRelative: false,
  allowedStyles,
  // Text inside removed tags (script, style, textarea...) is dropped, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  disallowedTagsMode: 'discard',
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
