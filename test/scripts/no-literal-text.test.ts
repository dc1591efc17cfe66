// The literal-text lint (#37, scripts/eslint/no-literal-text.js): English written in a component fails, as JSX
// text and as a text prop (aria-label, title, placeholder…), and the message names the catalogue file, so the
// engineer who meets it knows where the words go. What is not on screen by itself passes.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, test } from 'vitest';
// @ts-expect-error -- a plain .js rule, without types.
import { noLiteralText } from '../../scripts/eslint/no-literal-text.js';

const linter = new Linter({ configType: 'flat' });

function lint(code: string): string[] {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          plugins: { engram: { rules: { 'no-literal-text': noLiteralText } } },
          rules: { 'engram/no-literal-text': 'error' },
        },
      ],
      'components/example/Example.tsx',
    )
    .map((m) => m.message);
}

test('JSX text written in English fails, and the message names locales/en.json and the text', () => {
  const [message, ...rest] = lint('export const A = () => <p>Nothing to review yet.</p>;');
  expect(rest).toEqual([]);
  expect(message).toContain('"Nothing to review yet."');
  expect(message).toContain('locales/en.json');
  expect(message).toContain("t('section.key')");
  expect(message).toContain('lib/i18n/catalogue.test.ts');
});

test('text props fail: aria-label, title, placeholder, label', () => {
  for (const prop of ['aria-label', 'title', 'placeholder', 'label'])
    expect(lint(`export const A = () => <input ${prop}="Search memories" />;`), prop).toHaveLength(1);
});

test('a literal reaching the screen through an expression fails: a conditional, a template, a prop', () => {
  expect(lint("export const A = ({ on }: { on: boolean }) => <p>{on ? 'On' : 'Off'}</p>;")).toHaveLength(2);
  expect(lint('export const A = ({ n }: { n: number }) => <p>{`${n} memories`}</p>;')).toHaveLength(1);
  expect(lint("export const A = ({ n }: { n: number }) => <b title={n ? 'Some' : 'None'} />;")).toHaveLength(
    2,
  );
});

test('words from the catalogue, values tested, symbols, addresses and the name pass', () => {
  const fine = [
    "export const A = ({ t }: { t: (k: string) => string }) => <p title={t('a.b')}>{t('a.c')}</p>;",
    "export const A = ({ s }: { s: string }) => <p>{s !== 'trash' && s}</p>;",
    'export const A = () => <p>· — (3)</p>;',
    'export const A = () => <input placeholder="https://api.openai.com/v1" />;',
    'export const A = () => <h1>Engram</h1>;',
    'export const A = () => <p className="muted wide">{1}</p>;',
  ];
  for (const code of fine) expect(lint(code), code).toEqual([]);
});
