import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { SemanticStatus } from '../../lib/model/semantic';
import { semanticText } from './semanticText';

// Embedding runs in the background after writes; a few seconds between looks is enough to show progress.
const POLL_MS = 3000;

/** Where the user sees whether semantic recall runs, how far embedding got, or why it cannot run. */
export function SemanticStatusLine({ saved }: { saved: string | null }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<SemanticStatus | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const look = () =>
      void sendMessage('getSemanticStatus', {}).then(
        (s) => live && (setStatus(s), setFailed(false)),
        () => live && setFailed(true),
      );
    look();
    const timer = setInterval(look, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [saved]);
  if (failed) return <p className="muted">{t('semantic.noAnswer')}</p>;
  if (!status) return null;
  return (
    <p className="muted" data-testid="semantic-status">
      {semanticText(t, i18n.language, status)}
    </p>
  );
}
