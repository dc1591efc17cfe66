// What the person does in Options before a test can begin: add memories by hand, choose a model. One copy here,
// so every suite sets up the same way the person would (#26).
import type { Page } from 'playwright-core';
import type { MemoryType } from '../../lib/model/records';
import { launch, openOptions, type Harness } from './harness';
import { startLlmServer, type LlmServer } from './llm-server';

export type NewMemory = string | { text: string; type: MemoryType };

/**
 * Adds each memory with the Memories section's form, as typed by hand ("About me" unless a type is given), and
 * waits until the form is empty again (the background stored it) and the list shows it.
 */
export async function addMemories(page: Page, memories: readonly NewMemory[]): Promise<void> {
  const field = page.getByLabel('New memory');
  for (const memory of memories) {
    const { text, type } = typeof memory === 'string' ? { text: memory, type: 'profile' as const } : memory;
    await field.fill(text);
    // The add form's Type, not the list filter's (#6 added a Type filter to the same page).
    await page.locator('form', { has: field }).getByLabel('Type').selectOption(type);
    await page.getByRole('button', { name: 'Add memory' }).click();
    // A wait of the page's own (setup runs in beforeAll, where expect.poll is not allowed).
    await page.waitForFunction((el) => (el as HTMLTextAreaElement).value === '', await field.elementHandle());
    await page.getByRole('listitem').filter({ hasText: text }).first().waitFor();
  }
}

/**
 * On Options → Model: an OpenAI-compatible provider at `baseUrl` (a local server the test started, or a routed
 * fake), saved with a test key. Returns the "Saved." line the section shows.
 */
export async function chooseOpenAiCompatible(page: Page, baseUrl: string): Promise<string> {
  await page.getByLabel('Provider', { exact: true }).selectOption('openai');
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByLabel('API key').fill('test-key');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByText(/^Saved\./);
  await saved.waitFor({ timeout: 15_000 });
  return (await saved.textContent()) ?? '';
}

/** A browser whose model is a local OpenAI-compatible server the test started (llm-server.ts), chosen in Options. */
export async function launchWithLocalModel(): Promise<{
  h: Harness;
  llm: LlmServer;
  options: Page;
  saved: string;
}> {
  const llm = await startLlmServer();
  const h = await launch();
  // The harness aborts every http(s) request it sees; the model server is the one host we let through.
  await h.context.route(/^http:\/\/127\.0\.0\.1:/, (route) => route.continue());
  const options = await openOptions(h, 'model');
  return { h, llm, options, saved: await chooseOpenAiCompatible(options, llm.baseUrl) };
}
