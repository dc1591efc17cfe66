import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePullOnOpen } from '../sync/usePullOnOpen';
import { popupCounts } from '../../lib/store/views';
import { ActivitySection } from '../activity/ActivitySection';
import { AgentsSection } from '../agents/AgentsSection';
import { ConversationsSection } from '../conversations/ConversationsSection';
import { DataSection } from '../data/DataSection';
import { leaveGuard } from '../shared/leaveGuard';
import { LeavePrompt } from './LeavePrompt';
import { ModelSettings } from '../model/ModelSettings';
import { MemoriesSection } from '../memories/MemoriesSection';
import { ReviewSection } from '../review/ReviewSection';
import { SettingsSection } from '../settings/SettingsSection';
import { SyncSection } from '../sync/SyncSection';
import type { SectionId } from '../shared/leaveGuard';

// One entry per section, reachable as options.html#<id> (#6). #4 added model, #27 desktop apps (agents).
// Each section's name is options.nav.<id> in the catalogue (#37).
const SECTIONS: Record<SectionId, { view: ComponentType }> = {
  memories: { view: MemoriesSection },
  review: { view: ReviewSection },
  conversations: { view: ConversationsSection },
  activity: { view: ActivitySection },
  model: { view: ModelSettings },
  settings: { view: SettingsSection },
  sync: { view: SyncSection },
  agents: { view: AgentsSection },
  data: { view: DataSection },
};

const isSection = (id: string): id is SectionId => id in SECTIONS;

function currentSection(): SectionId {
  const hash = location.hash.slice(1);
  return isSection(hash) ? hash : 'memories';
}

function Nav({ section }: { section: SectionId }) {
  const { t } = useTranslation();
  const counts = useLiveQuery(popupCounts, []);
  return (
    <nav aria-label={t('options.sections')}>
      <strong className="brand">Engram</strong>
      {Object.keys(SECTIONS)
        .filter(isSection)
        .map((id) => (
          <a key={id} href={`#${id}`} aria-current={id === section ? 'page' : undefined}>
            {t(`options.nav.${id}`)}
            {id === 'review' && counts?.pending ? (
              <span className="badge">
                {counts.pending}
                <span className="sr-only"> {t('options.waiting')}</span>
              </span>
            ) : null}
          </a>
        ))}
    </nav>
  );
}

/**
 * The first stop of Tab: past the eight navigation entries to the section (#16: no skip link). It moves focus
 * itself: its #content would be read as a section name by the hash routing above.
 */
function SkipLink({ to }: { to: { current: HTMLElement | null } }) {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#content"
      onClick={(e) => {
        e.preventDefault();
        to.current?.focus();
      }}
    >
      {t('options.skip')}
    </a>
  );
}

/**
 * The section in the address. Leaving one with unsaved changes (shared/leaveGuard.ts) asks first: the address goes
 * back until the person chooses (#16: unsaved Settings changes vanished without a word).
 */
function useSection() {
  const [section, setSection] = useState(currentSection);
  const [leaving, setLeaving] = useState<SectionId | null>(null);
  const shown = useRef(section);
  useEffect(() => void (shown.current = section), [section]);
  useEffect(() => {
    const onHash = () => {
      const next = currentSection();
      if (next === shown.current) return;
      if (!leaveGuard()) return setSection(next);
      history.replaceState(null, '', `#${shown.current}`);
      setLeaving(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const go = () => {
    if (!leaving) return;
    shown.current = leaving;
    history.pushState(null, '', `#${leaving}`);
    setSection(leaving);
    setLeaving(null);
  };
  return { section, leaving, go, stay: () => setLeaving(null) };
}

export function OptionsApp() {
  const { t } = useTranslation();
  usePullOnOpen();
  const { section, leaving, go, stay } = useSection();
  const guard = leaving ? leaveGuard() : null;
  const View = SECTIONS[section]?.view ?? MemoriesSection;
  useEffect(() => {
    document.title = t('options.pageTitle', { section: t(`options.nav.${section}`) });
  }, [section, t]);
  const main = useRef<HTMLElement>(null);
  return (
    <div className="layout">
      <SkipLink to={main} />
      <Nav section={section} />
      <main id="content" tabIndex={-1} ref={main}>
        {leaving && guard && (
          <LeavePrompt
            guard={guard}
            to={leaving}
            // The prompt goes away with its buttons: focus moves to the section, not to the body.
            onGo={() => (go(), main.current?.focus())}
            onStay={() => (stay(), main.current?.focus())}
          />
        )}
        <View />
      </main>
    </div>
  );
}
