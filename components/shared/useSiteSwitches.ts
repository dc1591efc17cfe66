import { useState } from 'react';
import { siteOn, type Settings } from '../../lib/model/settings';
import type { Site } from '../../lib/model/site';
import { writeSiteOn } from '../../lib/settings';
import { useAction } from './useAction';

interface Chosen {
  /** The stored settings the choices were made on: once newer ones arrive, those are the truth again. */
  against: Settings | null;
  sites: Partial<Record<Site, boolean>>;
}

/**
 * The per-site switches (#24), written at once. A switch shows the person's choice as soon as it is made: a
 * checkbox bound only to stored settings flipped back until the write and the settings watch came round (a
 * click "did not change its state", site-switch.e2e). A failed write puts the stored value back.
 */
export function useSiteSwitches(settings: Settings | null) {
  const [chosen, setChosen] = useState<Chosen>({ against: null, sites: {} });
  const { run, error } = useAction(writeSiteOn);
  const current = chosen.against === settings ? chosen.sites : {};
  const isOn = (site: Site) => current[site] ?? (settings ? siteOn(settings, site) : true);
  const turn = (site: Site, on: boolean) => {
    setChosen({ against: settings, sites: { ...current, [site]: on } });
    void run(site, on).then((ok) => ok || setChosen({ against: null, sites: {} }));
  };
  return { isOn, turn, error };
}
