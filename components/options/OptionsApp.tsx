import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type ComponentType } from 'react';
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

// One entry per section, reachable as options.html#<id> (#6). #4 added model, #27 desktop apps (agents).
const SECTIONS: Record<string, { label: string; view: ComponentType }> = {
  memories: { label: 'Memories', view: MemoriesSection },
  review: { label: 'Review', view: ReviewSection },
  conversations: { label: 'Conversations', view: ConversationsSection },
  activity: { label: 'Activity', view: ActivitySection },
  model: { label: 'Model', view: ModelSettings },
  settings: { label: 'Settings', view: SettingsSection },
  sync: { label: 'Sync', view: SyncSection },
  agents: { label: 'Desktop apps', view: AgentsSection },
  data: { label: 'Data', view: DataSection },
};

function currentSection(): string {
  const hash = location.hash.slice(1);
  return hash in SECTIONS ? hash : 'memories';
}

function Nav({ section }: { section: string }) {
  const counts = useLiveQuery(popupCounts, []);
  return (
    <nav aria-label="Sections">
      <strong className="brand">Engram</strong>
      {Object.entries(SECTIONS).map(([id, { label }]) => (
        <a key={id} href={`#${id}`} aria-current={id === section ? 'page' : undefined}>
          {label}
          {id === 'review' && counts?.pending ? (
            <span className="badge">
              {counts.pending}
              <span className="sr-only"> waiting</span>
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
  return (
    <a
      className="skip-link"
      href="#content"
      onClick={(e) => {
        e.preventDefault();
        to.current?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * The section in the address. Leaving one with unsaved changes (shared/leaveGuard.ts) asks first: the address goes
 * back until the person chooses (#16: unsaved Settings changes vanished without a word).
 */
function useSection() {
  const [section, setSection] = useState(currentSection);
  const [leaving, setLeaving] = useState<string | null>(null);
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
  usePullOnOpen();
  const { section, leaving, go, stay } = useSection();
  const guard = leaving ? leaveGuard() : null;
  const View = SECTIONS[section]?.view ?? MemoriesSection;
  useEffect(() => {
    document.title = `${SECTIONS[section]?.label ?? 'Memories'} · Engram`;
  }, [section]);
  const main = useRef<HTMLElement>(null);
  return (
    <div className="layout">
      <SkipLink to={main} />
      <Nav section={section} />
      <main id="content" tabIndex={-1} ref={main}>
        {leaving && guard && (
          <LeavePrompt
            guard={guard}
            to={SECTIONS[leaving]?.label ?? leaving}
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
