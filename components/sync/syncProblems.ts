// What went wrong with remote files at the last sync (#25), in the person's language (#37): the background sends
// the kind and the devices, this says them. A run stored in English before #37 is shown quoted until the next
// sync replaces it.
import type { TFunction } from 'i18next';
import { andList } from '../shared/labels';
import type { SyncProblem } from '../../lib/model/sync';

export function syncProblemText(t: TFunction, lng: string, p: SyncProblem): string {
  if (typeof p === 'string') return t('activity.quoted', { text: p });
  const problem = t(`syncProblems.${p.kind}`);
  if (p.devices.length === 0) return problem;
  return t('syncProblems.from', { count: p.devices.length, problem, devices: andList(p.devices, lng) });
}
