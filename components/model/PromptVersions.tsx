import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { readSettings } from '../../lib/settings';
import { listPrompts } from '../../prompts/registry';
import type { PromptKind } from '../../prompts/types';
import { ErrorText, Select } from '../shared/ui';
import { useAction } from '../shared/useAction';

const KINDS: PromptKind[] = ['extraction', 'consolidation'];

function PromptSelect(props: { kind: PromptKind; value: string; onChange: (version: string) => void }) {
  const { t } = useTranslation();
  const versions = listPrompts().filter((p) => p.kind === props.kind);
  const current = versions.find((p) => p.version === props.value) ?? versions.at(-1);
  return (
    <div className="stack">
      <Select
        stacked
        label={t(`prompts.${props.kind}`)}
        value={current?.version ?? ''}
        options={versions.map((p) => [p.version, p.version] as const)}
        onChange={props.onChange}
      />
      <span className="muted">{current?.description}</span>
    </div>
  );
}

/** One select per prompt kind, each version with its description (#4). */
export function PromptVersions() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Record<PromptKind, string> | null>(null);
  useEffect(() => {
    void readSettings().then((s) => setChosen(s.prompts));
  }, []);
  const { run, error } = useAction(async (next: Record<PromptKind, string>) => {
    await sendMessage('setPromptVersions', next);
    setChosen(next);
  });
  if (!chosen) return null;
  return (
    <fieldset className="stack card">
      <legend>{t('prompts.legend')}</legend>
      {KINDS.map((kind) => (
        <PromptSelect
          key={kind}
          kind={kind}
          value={chosen[kind]}
          onChange={(version) => void run({ ...chosen, [kind]: version })}
        />
      ))}
      <ErrorText what={t('prompts.failed')} error={error} />
    </fieldset>
  );
}
