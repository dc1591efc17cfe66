// Words on screen come from the catalogue (#37): JSX text, and text props such as aria-label, title and
// placeholder, may not be written as literals in a component. A literal passed to a call (t('memories.title'),
// a class helper) is not on screen by itself and passes; so does text with no letters ("·", "—", "(3)").
const TEXT_PROPS =
  /^(aria-(label|description|placeholder|roledescription|valuetext)|title|placeholder|alt|label|hint|intro|what|tryThis|heading|legend|caption|confirmLabel|cancelLabel|emptyText)$/;
const HAS_LETTER = /\p{L}/u;
// An address is the same in every language ("https://api.openai.com/v1", "~/.cursor/mcp.json").
const ADDRESS = /^(?:[a-z][\w+.-]*:\/\/|[~/])\S*$/;
const isText = (s) => HAS_LETTER.test(s) && !ADDRESS.test(s.trim());
// The product's name is the same in every language (locales/*.json manifest.name).
const NAME = /^\s*Engram\s*$/;
const MESSAGE =
  '"{{text}}" is written in the component: words on screen come from the catalogue. Add a key to ' +
  'locales/en.json (then the same key, translated, to every other locales/*.json: lib/i18n/catalogue.test.ts ' +
  "checks) and write t('section.key') here, with values as {{placeholders}} (README, Languages).";
const DESCRIPTION = 'No on-screen text as a literal in a component: it comes from locales/en.json via t().';

/** A literal inside an expression that reaches the screen: not an argument of a call, not a key. */
function literalsIn(node, out = []) {
  if (!node || typeof node !== 'object') return out;
  if (node.type === 'CallExpression' || node.type === 'TaggedTemplateExpression') return out;
  if (node.type === 'JSXElement' || node.type === 'JSXFragment') return out;
  // A comparison's strings are values it tests, never shown: `status !== 'trash' && …`.
  if (node.type === 'BinaryExpression' && node.operator !== '+') return out;
  if (node.type === 'Literal' && typeof node.value === 'string' && HAS_LETTER.test(node.value))
    out.push(node);
  if (node.type === 'TemplateLiteral' && node.quasis.some((q) => HAS_LETTER.test(q.value.cooked ?? '')))
    out.push(node);
  if (node.type === 'TemplateLiteral') return out;
  for (const key of ['expression', 'consequent', 'alternate', 'left', 'right', 'expressions', 'elements']) {
    const child = node[key];
    if (Array.isArray(child)) child.forEach((c) => literalsIn(c, out));
    else literalsIn(child, out);
  }
  return out;
}

export const noLiteralText = {
  meta: { type: 'problem', docs: { description: DESCRIPTION }, schema: [] },
  create(context) {
    const text = (node) =>
      String(node.value ?? context.sourceCode.getText(node))
        .trim()
        .slice(0, 40);
    const report = (node) => context.report({ node, message: MESSAGE, data: { text: text(node) } });
    return {
      JSXText(node) {
        if (HAS_LETTER.test(node.value) && !NAME.test(node.value)) report(node);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        literalsIn(node.expression).forEach(report);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!TEXT_PROPS.test(name) || !node.value) return;
        if (node.value.type === 'Literal') {
          if (isText(String(node.value.value))) report(node.value);
          return;
        }
        if (node.value.type === 'JSXExpressionContainer') literalsIn(node.value.expression).forEach(report);
      },
    };
  },
};
