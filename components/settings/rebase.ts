// Settings changed elsewhere (another tab, the popup, sync) while this page has a draft (#16: the draft was
// overwritten without a word). A three-way merge per form field: the draft's base (the settings it was made
// from), the person's draft, and the new stored settings.
import type { TFunction } from 'i18next';
import type { Settings } from '../../lib/model/settings';
import { getIn, GROUPS, setIn, type FieldDef } from './fields';

/** A field the person is editing that was also changed elsewhere, to something else. */
export interface Clash {
  def: FieldDef;
  mine: unknown;
  theirs: unknown;
}

const FIELDS = GROUPS.flatMap((g) => g.fields);

/** NaN (an emptied number field) equals itself. */
const same = (a: unknown, b: unknown) => Object.is(a, b);

/**
 * The draft on top of `incoming`: fields the person has not touched take the new value, edited ones stay.
 * Clashes already open stay open while the value elsewhere still differs from theirs, with that value.
 */
export function rebase(
  draft: Settings,
  base: Settings,
  incoming: Settings,
  open: Clash[],
): { draft: Settings; clashes: Clash[] } {
  let next = incoming;
  const clashes: Clash[] = [];
  for (const def of FIELDS) {
    const mine = getIn(draft, def.path);
    if (same(mine, getIn(base, def.path))) continue;
    next = setIn(next, def.path, mine);
    const theirs = getIn(incoming, def.path);
    const changedThere = !same(theirs, getIn(base, def.path));
    const wasOpen = open.some((c) => c.def.path === def.path);
    if ((changedThere || wasOpen) && !same(theirs, mine)) clashes.push({ def, mine, theirs });
  }
  return { draft: next, clashes };
}

/** A value as the person reads it. */
export function shown(t: TFunction, value: unknown): string {
  if (typeof value === 'boolean') return value ? t('settings.on') : t('settings.off');
  if (value === '' || (typeof value === 'number' && Number.isNaN(value))) return t('settings.empty');
  return String(value);
}
