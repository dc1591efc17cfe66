import { afterEach, describe, expect, test, vi } from 'vitest';
import { insertBlock } from './insert';
import { insertIntoComposer } from './textarea';

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

  test('re-inserting leaves the break between block and draft as the first insert did (#38 item 5)', () => {
    const composer = editorComposer('Draft');
    insertBlock(composer, BLOCK);
    const after = (composer.textContent ?? '').split('</engram-memory>')[1];
    expect(after).toBe('\n\nDraft');
    for (const city of ['Porto', 'Braga', 'Faro']) insertBlock(composer, BLOCK.replace('Lisbon', city));
    expect((composer.textContent ?? '').split('</engram-memory>')[1]).toBe(after);
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

describe('insertIntoComposer: a textarea composer (DeepSeek, #24)', () => {
  /**
   * A React-like controlled textarea: React tracks the value through an instance setter and ignores an input
   * event whose value equals the tracked one, so a plain `area.value = …` never reaches the page's state.
   */
  function controlled(initial: string): { area: HTMLTextAreaElement; state: () => string } {
    const area = document.createElement('textarea');
    const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
    native.set!.call(area, initial);
    let tracked = initial;
    let state = initial;
    Object.defineProperty(area, 'value', {
      configurable: true,
      get: () => native.get!.call(area) as string,
      set: (v: string) => {
        tracked = v;
        native.set!.call(area, v);
      },
    });
    area.addEventListener('input', () => {
      const now = native.get!.call(area) as string;
      if (now !== tracked) state = tracked = now;
    });
    document.body.append(area);
    return { area, state: () => state };
  }

  test('types the block before the draft through the value setter and an input event', () => {
    const { area, state } = controlled('What should I cook?');
    expect(insertIntoComposer(area, BLOCK)).toEqual({ ok: true, method: 'value' });
    expect(area.value).toBe(`${BLOCK}\n\nWhat should I cook?`);
    expect(state()).toBe(area.value); // the page's own state saw it
    expect(area.selectionStart).toBe(BLOCK.length + 2); // the caret sits after the block
  });

  test('a second insert replaces the first block, and the draft stays once', () => {
    const { area } = controlled('Draft');
    insertIntoComposer(area, BLOCK);
    insertIntoComposer(area, BLOCK.replace('Lisbon', 'Porto'));
    expect(area.value).toBe(`${BLOCK.replace('Lisbon', 'Porto')}\n\nDraft`);
  });

  test('uses execCommand where the browser has it', () => {
    const { area } = controlled('');
    const exec = vi.fn((_: string, __: boolean, text: string) => {
      area.setRangeText(text, area.selectionStart, area.selectionEnd, 'end');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    try {
      expect(insertIntoComposer(area, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
      expect(exec).toHaveBeenCalledWith('insertText', false, `${BLOCK}\n\n`);
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  test('memory text stays text', () => {
    const { area } = controlled('');
    insertIntoComposer(area, '<engram-memory>\n- <img src=x onerror=alert(1)>\n</engram-memory>');
    expect(area.value).toContain('<img src=x onerror=alert(1)>');
    expect(document.getElementsByTagName('img')).toHaveLength(0);
  });
});
