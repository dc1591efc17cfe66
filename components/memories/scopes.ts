// The scopes a memory can be given (#5 scope): everywhere, one site, or a project seen in a captured chat.
// The Memories section loads the project names once and shares them with its rows, editors and filters.
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectScopes } from '../../lib/store/conversations';
import { SITE_IDS } from '../../lib/model/site-hosts';
import { scopeLabel } from '../shared/labels';

const FIXED = ['global', ...SITE_IDS.map((site) => `site:${site}`)];

export const ProjectNames = createContext<ReadonlyMap<string, string | null>>(new Map());

export function useProjectNames(): ReadonlyMap<string, string | null> {
  const [projects, setProjects] = useState<ReadonlyMap<string, string | null>>(new Map());
  useEffect(() => {
    let live = true;
    // No projects is a complete answer too: the fixed scopes still work.
    void projectScopes()
      .then((found) => live && setProjects(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return projects;
}

export interface ScopeChoices {
  /** [scope, label] pairs for a select, with `current` kept even when it is no longer offered. */
  options(current?: string): (readonly [string, string])[];
  label(scope: string): string;
}

export function useScopeChoices(): ScopeChoices {
  const { t } = useTranslation();
  const projects = useContext(ProjectNames);
  const label = (scope: string) => scopeLabel(t, scope, projects);
  return {
    label,
    options: (current) => {
      const scopes = [...FIXED, ...projects.keys()];
      if (current && !scopes.includes(current)) scopes.push(current);
      return scopes.map((s) => [s, label(s)] as const);
    },
  };
}
