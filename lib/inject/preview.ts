// The in-page preview: what will be inserted, line by line with tokens, the total against the budget, a
// budget slider, a way to drop lines, and a confirm button. Vanilla DOM inside the button's shadow root; every
// memory string enters through textContent or an attribute, never as markup (#5).
import type { RecallReply } from '../model/messages';
import { SECTION_TITLES } from '../recall/block';

export interface PreviewDeps {
  load(budgetTokens: number | null, exclude: readonly string[]): Promise<RecallReply>;
  /** Puts the block into the composer; resolves to a line for the status. */
  insert(text: string): Promise<{ ok: boolean; message: string }>;
  close(): void;
}

const el = <K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text = '') => {
  const node = doc.createElement(tag);
  if (text) node.textContent = text;
  return node;
};

const BASIS: Record<RecallReply['mode'], string> = {
  draft: 'Chosen for your draft',
  recent: 'Chosen for the last messages of this chat',
  profile: 'A general profile: no draft or messages to match',
};

interface Parts {
  panel: HTMLElement;
  list: HTMLUListElement;
  total: HTMLElement;
  slider: HTMLInputElement;
  confirm: HTMLButtonElement;
  status: HTMLElement;
}

function skeleton(doc: Document, close: () => void): Parts {
  const panel = el(doc, 'div');
  panel.className = 'panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Memory to insert');
  const list = el(doc, 'ul');
  const total = el(doc, 'p');
  total.className = 'total';
  const label = el(doc, 'label', 'Budget ');
  const slider = el(doc, 'input');
  Object.assign(slider, { type: 'range', min: '100', max: '4000', step: '50' });
  slider.setAttribute('aria-label', 'Token budget');
  label.append(slider);
  const confirm = el(doc, 'button', 'Insert');
  confirm.className = 'primary';
  const cancel = el(doc, 'button', 'Cancel');
  cancel.addEventListener('click', close);
  const status = el(doc, 'p');
  status.setAttribute('role', 'status');
  const actions = el(doc, 'div');
  actions.className = 'actions';
  actions.append(confirm, cancel);
  panel.append(el(doc, 'strong', 'Memory to insert'), list, total, label, actions, status);
  panel.addEventListener('keydown', (e) => e.key === 'Escape' && close());
  return { panel, list, total, slider, confirm, status };
}

function renderLines(doc: Document, parts: Parts, reply: RecallReply, remove: (id: string) => void): void {
  parts.list.replaceChildren(
    ...reply.lines.map((line) => {
      const item = el(doc, 'li');
      const where = el(
        doc,
        'small',
        `${SECTION_TITLES[line.section].replace(':', '')}${line.day ? ` · ${line.day}` : ''}`,
      );
      const text = el(doc, 'span', line.text);
      const tokens = el(doc, 'small', `${line.tokens} tokens`);
      const drop = el(doc, 'button', 'Remove');
      drop.setAttribute('aria-label', `Remove: ${line.text.slice(0, 60)}`);
      drop.addEventListener('click', () => remove(line.id));
      item.append(where, text, tokens, drop);
      return item;
    }),
  );
  parts.total.textContent = `${reply.tokens} / ${reply.budgetTokens} tokens · ${reply.lines.length} memories`;
  parts.total.title = BASIS[reply.mode];
  parts.slider.value = String(reply.budgetTokens);
  parts.confirm.textContent = `Insert ${reply.lines.length} ${reply.lines.length === 1 ? 'memory' : 'memories'}`;
  parts.confirm.disabled = reply.lines.length === 0;
  if (reply.lines.length === 0) parts.status.textContent = 'Nothing to insert yet.';
}

/** Builds the panel, loads the first preview, and returns it (already in `parent`). */
export function openPreview(parent: ShadowRoot, deps: PreviewDeps): HTMLElement {
  const doc = parent.ownerDocument ?? document;
  const parts = skeleton(doc, deps.close);
  const exclude: string[] = [];
  let budget: number | null = null;
  let current: RecallReply | null = null;
  const refresh = async () => {
    try {
      current = await deps.load(budget, exclude);
    } catch (e) {
      // Said, not swallowed: a worker that failed to answer must not look like "nothing to insert".
      parts.status.textContent = `Could not prepare the memory: ${e instanceof Error ? e.message : String(e)}`;
      return;
    }
    renderLines(doc, parts, current, (id) => {
      exclude.push(id);
      void refresh();
    });
  };
  parts.slider.addEventListener('change', () => {
    budget = Number(parts.slider.value);
    void refresh();
  });
  parts.confirm.addEventListener('click', () => {
    if (!current?.text) return;
    void deps.insert(current.text).then((r) => {
      parts.status.textContent = r.message;
      if (r.ok) deps.close();
    });
  });
  parent.append(parts.panel);
  void refresh().then(() => parts.confirm.focus());
  return parts.panel;
}
