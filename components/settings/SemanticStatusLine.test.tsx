import { i18n, loadLanguage } from '../../lib/i18n/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sendMessage } from '../../lib/messaging/send';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import type { SemanticReason, SemanticStatus } from '../../lib/model/semantic';
import { readSettings, settingsItem } from '../../lib/settings';
import { semanticText } from './semanticText';
import { SettingsSection } from './SettingsSection';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);

const off = (reason: SemanticReason): SemanticStatus => ({
  ...{ on: false, model: null, embedded: 0, total: 0, reason, lastError: null },
});

describe('the semantic status line', () => {
  test('says how far embedding got, the model, and the last problem', () => {
    const on = { on: true, model: 'text-embedding-3-small', embedded: 1234, total: 1240, reason: null };
    expect(semanticText(i18n.t, 'en', { ...on, lastError: null })).toBe(
      'Match by meaning: on · 1,234 of 1,240 memories embedded with text-embedding-3-small',
    );
    expect(
      semanticText(i18n.t, 'en', { ...on, lastError: 'the embeddings endpoint answered HTTP 401' }),
    ).toMatch(/· last problem: “the embeddings endpoint answered HTTP 401” \(recall used words only then\)$/);
    expect(semanticText(i18n.t, 'en', off({ code: 'off' }))).toBe(
      'Match by meaning starts when you save settings.',
    );
  });

  test('every reason is worded in the page’s language, the address it names quoted', async () => {
    const reasons: SemanticReason[] = [
      { code: 'anthropic' },
      { code: 'model-no-embeddings' },
      { code: 'no-provider' },
      { code: 'no-base-url' },
      { code: 'bad-base-url', url: 'emb dot test' },
      { code: 'no-access', pattern: 'https://emb.test/*' },
    ];
    await loadLanguage('de');
    await loadLanguage('ja');
    const de = i18n.getFixedT('de');
    const lines = reasons.map((r) => semanticText(de, 'de', off(r)));
    for (const line of lines)
      expect(line).toMatch(/^„Nach Bedeutung suchen“ ist angehakt.*Optionen → Modell/);
    expect(new Set(lines).size).toBe(reasons.length);
    expect(lines[4]).toContain('„emb dot test“');
    expect(lines[5]).toContain('„https://emb.test/*“');
    expect(semanticText(i18n.getFixedT('ja'), 'ja', off(reasons[0]!))).toMatch(
      /^「意味で探す」.*埋め込み API/,
    );
  });

  beforeEach(() => settingsItem.setValue(DEFAULT_SETTINGS));
  afterEach(() => send.mockReset());

  test('turning it on in Settings shows why it cannot run, and the model field is saved', async () => {
    const why =
      'Anthropic has no embeddings API; choose the local embedder (Options → Model, with a GPU) or an OpenAI-compatible provider.';
    send.mockImplementation(async () => off({ code: 'off' }));
    render(<SettingsSection />);
    expect(screen.queryByTestId('semantic-status')).toBeNull();
    const box = await screen.findByLabelText('Match by meaning');
    await userEvent.click(box);
    const line = await screen.findByTestId('semantic-status');
    expect(line.textContent).toBe('Match by meaning starts when you save settings.');
    send.mockImplementation(async () => off({ code: 'anthropic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    // The box is ticked and saved: the line says why it cannot run and what to do, never "off" (#16).
    await waitFor(() =>
      expect(screen.getByTestId('semantic-status').textContent).toBe(
        `Match by meaning is ticked but cannot run yet: ${why} Until then, recall matches words only.`,
      ),
    );
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('semantic-status').textContent).not.toMatch(/\boff\b/);
    const model = screen.getByLabelText('Embedding model');
    expect((model as HTMLInputElement).value).toBe('text-embedding-3-small');
    await userEvent.clear(model);
    await userEvent.type(model, 'nomic-embed-text');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
    expect((await readSettings()).recall).toMatchObject({
      semantic: true,
      embeddingModel: 'nomic-embed-text',
    });
    expect(send).toHaveBeenCalledWith('getSemanticStatus', {});
  });

  test('an empty model name is explained at the field and not saved', async () => {
    send.mockImplementation(async () => off({ code: 'off' }));
    render(<SettingsSection />);
    await userEvent.clear(await screen.findByLabelText('Embedding model'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(
      'Enter the name of an embedding model, e.g. text-embedding-3-small.',
    );
    expect((await readSettings()).recall.embeddingModel).toBe('text-embedding-3-small');
  });
});
