import { afterEach, describe, expect, test } from 'vitest';
import { insertBlock } from './insert';

const BLOCK = '<engram-memory>\nNotes about me\n- I live in Lisbon.\n</engram-memory>';

/** A composer that, like ProseMirror, handles beforeinput itself by replacing the selection with the data. */
function editorComposer(initial: string): HTMLElement {
  const el = document.createElement('div');
  el.contentEditable = 'true';
  const p = document.createElement('p');
  p.textContent = initial;
  el.append(p);
  el.addEventListener('beforeinput', (e) => {
    const range = document.getSelection()?.getRangeAt(0);
    if (!range || !(e instanceof InputEvent) || e.data === null) return;
    e.preventDefault();
    range.deleteContents();
    range.insertNode(document.createTextNode(e.data));
  });
  document.body.append(el);
  return el;
}

// happy-dom has no execCommand, so these exercise the beforeinput fallback; e2e covers execCommand.
afterEach(() => document.body.replaceChildren());

describe('insertBlock', () => {
  test('falls back to beforeinput and puts the block before the draft', () => {
    const composer = editorComposer('What should I cook?');
    expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'beforeinput' });
    expect(composer.textContent?.startsWith('<engram-memory>')).toBe(true);
    expect(composer.textContent).toContain('What should I cook?');
  });

  test('a second insert replaces the first block instead of stacking', () => {
    const composer = editorComposer('Draft');
    insertBlock(composer, BLOCK);
    insertBlock(composer, BLOCK.replace('Lisbon', 'Porto'));
    const text = composer.textContent ?? '';
    expect(text.split('<engram-memory>')).toHaveLength(2);
    expect(text).toContain('Porto');
    expect(text).not.toContain('Lisbon');
    expect(text).toContain('Draft');
  });

  test('reports failure when the text did not land, instead of pretending', () => {
    const inert = document.createElement('div');
    document.body.append(inert);
    const result = insertBlock(inert, BLOCK);
    expect(result.ok).toBe(false);
    expect(inert.textContent).toBe('');
  });

  test('memory text never becomes markup', () => {
    const composer = editorComposer('');
    insertBlock(composer, '<engram-memory>\n- ‹img src=x onerror=alert(1)›\n</engram-memory>');
    expect(composer.getElementsByTagName('img')).toHaveLength(0);
  });
});
