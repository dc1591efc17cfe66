// A new user's first ten minutes without a mouse (#16): the popup's first run, a memory added in Options,
// inserted through the preview on a chat page, and Export all data, with page.keyboard only (never a click).
// After every step focus is on the control a person expects, never lost to the page body: the issue found it
// falling there after Add memory, Remove and Delete everything, the preview letting Tab out to the prompt box,
// and no way past Options' navigation.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { readExportDownload } from './export';
import { fixture, launch, servePage, type Harness } from './harness';
import { frameShown, previewDialog, previewFrame } from './preview';

const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-0000000000a1';
const COMPOSER = '#prompt-textarea';
const HOME = 'I live in Lisbon and work as a marine biologist.';
const RULE = 'Always give quantities in metric units.';

let h: Harness;
beforeAll(async () => {
  h = await launch();
  await servePage(h.context, CHAT, fixture('pages/chatgpt-older.html'));
});
afterAll(async () => h?.close());

/** What has focus in this document, in words, for failure messages; 'BODY' or 'NONE' when it is lost. */
const focusIn = (where: Page | Frame) =>
  where.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'NONE';
    if (el === document.body) return 'BODY';
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.slice(0, 40) ?? '';
    return `${el.tagName}${el.id ? `#${el.id}` : ''} ${name}`.trim();
  });

const hasFocus = (want: Locator) => want.evaluate((el) => el === el.ownerDocument.activeElement);

/** The step's end: `want` has focus in `where`, which is not lost to the body. */
async function expectFocus(where: Page | Frame, want: Locator): Promise<void> {
  try {
    await expect.poll(() => hasFocus(want)).toBe(true);
  } catch (e) {
    throw new Error(`the expected control never had focus; it is on ${await focusIn(where)}`, { cause: e });
  }
  expect(await focusIn(where)).not.toMatch(/^(BODY|NONE)$/);
}

/** Presses `key` (Tab or Shift+Tab) until `want` has focus, as a person moves through the controls. */
async function moveTo(page: Page, key: 'Tab' | 'Shift+Tab', want: Locator, max = 40): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(want)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ×${max} never reached the control`);
}

test('first run, add a memory, insert it through the preview, export and delete: keyboard only', async () => {
  const popup = await h.context.newPage();
  const errors: string[] = [];
  popup.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  popup.on('pageerror', (e) => void errors.push(e.message));
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html`);

  // The first run: Next, Next (the sites step keeps both sites), Finish, all from one focused button.
  await popup.getByText('Step 1 of 3').waitFor();
  const next = popup.getByRole('button', { name: 'Next' });
  await moveTo(popup, 'Tab', next, 5);
  await popup.keyboard.press('Enter');
  await popup.getByText('Step 2 of 3').waitFor();
  await expectFocus(popup, next);
  await popup.keyboard.press('Enter');
  await popup.getByText('Step 3 of 3').waitFor();
  const finish = popup.getByRole('button', { name: 'Finish' });
  await expectFocus(popup, finish);
  await popup.keyboard.press('Enter');
  // The walkthrough is gone: focus goes to the popup's main action, not to the body.
  const openMemories = popup.getByRole('button', { name: 'Open memories' });
  await expectFocus(popup, openMemories);
  const [options] = await Promise.all([h.context.waitForEvent('page'), popup.keyboard.press('Enter')]);
  await options.waitForLoadState();

  // Options: the first Tab offers a way past the navigation, which lands on the first field of the section.
  await options.getByRole('heading', { name: 'Memories' }).waitFor();
  await options.keyboard.press('Tab');
  await expectFocus(options, options.getByRole('link', { name: 'Skip to content' }));
  await options.keyboard.press('Enter');
  await expectFocus(options, options.getByRole('main'));
  const newMemory = options.getByLabel('New memory');
  await options.keyboard.press('Tab');
  await expectFocus(options, newMemory);

  // Add two memories; the second is a standing instruction, chosen with the arrow keys.
  for (const [text, arrows] of [
    [HOME, 0],
    [RULE, 2],
  ] as const) {
    await options.keyboard.type(text);
    await options.keyboard.press('Tab');
    const type = options.locator('form', { has: newMemory }).getByLabel('Type');
    await expectFocus(options, type);
    for (let i = 0; i < arrows; i++) await options.keyboard.press('ArrowDown');
    await options.keyboard.press('Tab');
    await expectFocus(options, options.getByRole('button', { name: 'Add memory' }));
    await options.keyboard.press('Enter');
    await options.getByRole('list').getByText(text).first().waitFor();
    // Ready for the next one: the emptied field has focus (it fell to the body, #16).
    await expectFocus(options, newMemory);
    expect(await newMemory.inputValue()).toBe('');
  }
  expect(await options.getByRole('list').getByText('Standing instruction').count()).toBeGreaterThan(0);

  // The chat: Tab into the prompt box, type, then Shift+Tab to the "Insert memory" button beside it.
  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  const composer = chat.locator(COMPOSER);
  const insertHost = chat.locator('engram-insert');
  await insertHost.waitFor();
  await moveTo(chat, 'Tab', composer, 60);
  await chat.keyboard.type('Moving from Lisbon');
  await moveTo(chat, 'Shift+Tab', insertHost, 3);
  await chat.keyboard.press('Enter');

  // The preview has focus (the page sees only the closed host), and Tab stays inside it in reading order.
  const frame = () => previewFrame(chat);
  const dialog = previewDialog(chat);
  await expect.poll(() => dialog.getByRole('listitem').count()).toBe(2);
  await expectFocus(frame(), dialog);
  const confirm = dialog.getByRole('button', { name: 'Insert 2 memories' });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  const order = [
    dialog.getByRole('button', { name: `Remove: ${RULE}` }),
    dialog.getByRole('button', { name: `Remove: ${HOME}` }),
    dialog.getByRole('slider', { name: 'Token budget' }),
    confirm,
    dialog.getByRole('button', { name: 'Cancel' }),
  ];
  // Round once: Tab from Cancel comes back to the first Remove, never to the prompt box (#16)...
  for (const want of [...order, order[0]!]) {
    await chat.keyboard.press('Tab');
    await expectFocus(frame(), want);
    expect(await chat.evaluate(() => document.activeElement?.tagName)).toBe('ENGRAM-INSERT');
  }
  // ...and Shift+Tab from the first Remove goes round backwards to Cancel.
  await chat.keyboard.press('Shift+Tab');
  await expectFocus(frame(), order[4]!);
  await chat.keyboard.press('Shift+Tab');
  await expectFocus(frame(), order[3]!);
  // Escape closes it and gives the prompt box its focus back, the draft untouched.
  await chat.keyboard.press('Escape');
  await expect.poll(() => frameShown(chat)).toBe(false);
  await expectFocus(chat, composer);
  expect(await composer.innerText()).not.toContain('<engram-memory>');

  // Again with the shortcut: remove the rule, raise the budget, insert the one memory left.
  await chat.keyboard.press('Alt+Shift+M');
  await expect.poll(() => dialog.getByRole('listitem').count()).toBe(2);
  await expectFocus(frame(), dialog);
  await chat.keyboard.press('Tab');
  await expectFocus(frame(), order[0]!);
  await chat.keyboard.press('Enter');
  await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
  // The removed line's button is gone; focus is on the preview's title, still inside the preview (#16).
  await expectFocus(frame(), dialog.getByRole('heading', { name: 'Memory to insert' }));
  await chat.keyboard.press('Tab');
  await expectFocus(frame(), order[1]!);
  await chat.keyboard.press('Tab');
  await expectFocus(frame(), order[2]!);
  await chat.keyboard.press('ArrowRight');
  await dialog.getByText('650 tokens', { exact: true }).waitFor();
  await expectFocus(frame(), order[2]!);
  const confirmOne = dialog.getByRole('button', { name: 'Insert 1 memory' });
  await expect.poll(() => confirmOne.isEnabled()).toBe(true);
  await chat.keyboard.press('Tab');
  await expectFocus(frame(), confirmOne);
  await chat.keyboard.press('Enter');
  await expect.poll(() => frameShown(chat)).toBe(false);
  await expectFocus(chat, composer);
  const text = await composer.innerText();
  expect(text).toContain(HOME);
  expect(text).not.toContain(RULE);
  expect(text.trim().endsWith('Moving from Lisbon')).toBe(true);

  // Export all data: back up the navigation to Data, then on to the section's first button.
  await options.bringToFront();
  const data = options.getByRole('navigation').getByRole('link', { name: 'Data' });
  await moveTo(options, 'Shift+Tab', data);
  await options.keyboard.press('Enter');
  await options.getByRole('heading', { name: 'Data' }).waitFor();
  await expectFocus(options, data);
  const exportAll = options.getByRole('button', { name: 'Export all data' });
  await moveTo(options, 'Tab', exportAll, 3);
  const [download] = await Promise.all([options.waitForEvent('download'), options.keyboard.press('Enter')]);
  const { data: file } = await readExportDownload(download);
  expect(file.memories.map((m) => m.text).sort()).toEqual([HOME, RULE].sort());
  await expectFocus(options, exportAll);

  // Delete everything: type the word, Enter on the button, and focus lands on what happened (#16).
  const word = options.getByLabel(/^Type DELETE/);
  await moveTo(options, 'Tab', word);
  await options.keyboard.type('DELETE');
  await options.keyboard.press('Tab');
  await expectFocus(options, options.getByRole('button', { name: 'Delete everything' }));
  await options.keyboard.press('Enter');
  await expectFocus(options, options.getByText('Everything was deleted.'));

  expect(errors).toEqual([]);
  await Promise.all([popup.close(), chat.close(), options.close()]);
});
