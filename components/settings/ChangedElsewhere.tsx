// Fields the person is editing that were also changed elsewhere (#16): said in plain words, with both values,
// and the choice to keep theirs or take the new one. Answering moves focus to the field it was about, since the
// pressed button goes away (a removed focused button drops focus to the page body).
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
  return (
    <li className="stack">
      <p>
        {c.def.label} was changed in another tab, the popup or on another device while you were editing it.
        Yours: {shown(c.mine)}. New: {shown(c.theirs)}.
      </p>
      <div className="row">
        <Button aria-label={`Keep yours: ${c.def.label}`} onClick={() => answer(c, 'mine')}>
          Keep yours
        </Button>
        <Button aria-label={`Use the new value: ${c.def.label}`} onClick={() => answer(c, 'theirs')}>
          Use the new value
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
  if (clashes.length === 0) return null;
  const answer = (clash: Clash, take: 'mine' | 'theirs') => {
    settle(clash, take);
    document.getElementById(fieldId(clash.def.path))?.focus();
  };
  return (
    <div className="card stack" role="group" aria-label="Changed elsewhere">
      <p role="alert">
        <strong>Settings you are editing were changed elsewhere.</strong> Choose which value to keep.
      </p>
      <ul className="stack">
        {clashes.map((c) => (
          <ClashItem key={c.def.path} clash={c} answer={answer} />
        ))}
      </ul>
      <p className="muted">
        Your other unsaved changes are kept. Nothing is saved until you press Save settings.
      </p>
    </div>
  );
}
