// With no model chosen, recall still works from past chats (#13: "Include past turns" is on by default and needs
// no model); the popup and the preview say so, and how to get more.
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { sendMessage } from '../../lib/messaging/send';
import { readSettings } from '../../lib/settings';

/**
 * True when recall can only quote past chats: no model is chosen (the first run's rule: a provider with a
 * model) and "Include past turns" is on. Asked of the background and the settings item.
 */
export async function pastChatsOnly(): Promise<boolean> {
  const [status, settings] = await Promise.all([sendMessage('getProviderStatus', {}), readSettings()]);
  return !(status.kind !== 'none' && status.model) && settings.recall.rawTurns;
}

/** false until known; a failed probe shows no note rather than a guess. */
function useShown(probe: (() => Promise<boolean>) | undefined): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    probe?.().then(
      (yes) => live && setShown(yes),
      () => live && setShown(false),
    );
    return () => {
      live = false;
    };
  }, [probe]);
  return shown;
}

/** In the preview: plain text (the frame sits on a chat page, so it does not open pages itself). */
export function PreviewModelNote({ probe }: { probe?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  if (!useShown(probe)) return null;
  return <p className="muted small">{t('noModel.preview')}</p>;
}

/** In the popup: the same, with a link to Options → Model. */
export function PopupModelNote({ modelUrl }: { modelUrl: string }) {
  if (!useShown(pastChatsOnly)) return null;
  return (
    <p className="muted small">
      <Trans
        i18nKey="noModel.popup"
        components={{ go: <a href={modelUrl} target="_blank" rel="noreferrer" /> }}
      />
    </p>
  );
}
