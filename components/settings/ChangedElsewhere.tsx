// Fields the person is editing that were also changed elsewhere (#16): said in plain words, with both values,
// and the choice to keep theirs or take the new one. Answering moves focus to the field it was about, since the
// pressed button goes away (a removed focused button drops focus to the page body).
import { useTranslation } from 'react-i18next';
import { Button } from '../shared/ui';
import type { Clash } from './rebase';
import { shown } from './rebase';

export const fieldId = (path: string) => `setting-${path.replaceAll('.', '-')}`;

function ClashItem({
  clash: c,
  answer,
}: {
  clash: Clash;
  answer: (c: Clash, take: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation();
  const field = t(`settings.field.${c.def.path}.label`);
  return (
    <li className="stack">
      <p>{t('settings.clash', { field, mine: shown(t, c.mine), theirs: shown(t, c.theirs) })}</p>
      <div className="row">
        <Button aria-label={t('settings.keepYoursFor', { field })} onClick={() => answer(c, 'mine')}>
          {t('settings.keepYours')}
        </Button>
        <Button aria-label={t('settings.useNewFor', { field })} onClick={() => answer(c, 'theirs')}>
          {t('settings.useNew')}
        </Button>
      </div>
    </li>
  );
}

export function ChangedElsewhere({
  clashes,
  settle,
}: {
  clashes: Clash[];
  settle: (clash: Clash, take: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation();
  if (clashes.length === 0) return null;
  const answer = (clash: Clash, take: 'mine' | 'theirs') => {
    settle(clash, take);
    document.getElementById(fieldId(clash.def.path))?.focus();
  };
  return (
    <div className="card stack" role="group" aria-label={t('settings.changedElsewhere')}>
      <p role="alert">
        <strong>{t('settings.changedTitle')}</strong> {t('settings.changedChoose')}
      </p>
      <ul className="stack">
        {clashes.map((c) => (
          <ClashItem key={c.def.path} clash={c} answer={answer} />
        ))}
      </ul>
      <p className="muted">{t('settings.changedKept')}</p>
    </div>
  );
}
